import type { AdminUser } from "@/lib/api/contract/admin";
import { Button } from "@/components/ui/button";
import { formatDate, intervalLabel, subscriptionLabel, yesNo } from "./format";
import { OWN_ACCOUNT_TITLE } from "./messages";
import { Td } from "./table";

/** The users table's columns, before the actions column with UserRow's buttons. */
export const USER_COLUMNS = ["Name", "Email", "Plan", "Subscription", "Interval", "Trial ends", "Verified", "Active", "Created"];

interface UserRowProps {
  user: AdminUser;
  /** the signed-in operator's own row: they may not lock themselves out */
  isSelf: boolean;
  busy: boolean;
  onToggleActive(user: AdminUser): void;
  onHistory(user: AdminUser): void;
  onDelete(user: AdminUser): void;
}

export function UserRow({ user, isSelf, busy, onToggleActive, onHistory, onDelete }: UserRowProps) {
  const selfTitle = isSelf ? OWN_ACCOUNT_TITLE : undefined;
  return (
    <tr data-testid={`admin-user-row-${user.email}`}>
      <Td className="font-medium">{user.name || "—"}</Td>
      <Td className="break-all">{user.email}</Td>
      <Td>{user.plan_name}</Td>
      <Td className="whitespace-nowrap">{subscriptionLabel(user.subscription_status, user.trial_end)}</Td>
      <Td>{intervalLabel(user.billing_interval)}</Td>
      <Td className="whitespace-nowrap">{formatDate(user.trial_end)}</Td>
      <Td>{yesNo(user.is_verified)}</Td>
      <Td>{yesNo(user.is_active)}</Td>
      <Td className="whitespace-nowrap">{formatDate(user.created_at)}</Td>
      <Td>
        <div className="flex gap-1">
          <Button variant="secondary" size="sm" disabled={isSelf || busy} title={selfTitle} onClick={() => onToggleActive(user)}>
            {user.is_active ? "Deactivate" : "Activate"}
          </Button>
          <Button variant="secondary" size="sm" onClick={() => onHistory(user)}>
            History
          </Button>
          <Button variant="danger" size="sm" disabled={isSelf || busy} title={selfTitle} onClick={() => onDelete(user)}>
            Delete
          </Button>
        </div>
      </Td>
    </tr>
  );
}
