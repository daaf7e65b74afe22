"use client";

import { SubscriptionHistory, type AdminUser } from "@/lib/api/contract/admin";
import { useAdminRead } from "./use-admin-read";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Modal, ModalClose } from "@/components/ui/modal";
import { historyAddress } from "./admin-api";
import { formatDate, formatDateTime, intervalLabel, subscriptionLabel, yesNo } from "./format";
import { BillingHistoryTable, SubscriptionsTable } from "./history-tables";
import { historyFailed } from "./messages";

/** Spec §2/§7: a user's subscriptions and billing events, loaded when the dialog opens. */
export function UserHistoryDialog({ user, onClose }: { user: AdminUser; onClose(): void }) {
  const { data: history, error } = useAdminRead(historyAddress(user.id), SubscriptionHistory);

  return (
    <Modal open onOpenChange={(open) => !open && onClose()} title={`Subscription history: ${user.name || user.email}`} width="max-w-4xl">
      <div className="flex flex-col gap-5">
        {!history && !error && <p className="text-sm text-muted-foreground">Loading history…</p>}
        {error && <Alert>{historyFailed(error.failure)}</Alert>}
        {history && <HistoryBody history={history} />}
        <div className="flex justify-end">
          <ModalClose asChild>
            <Button variant="secondary">Close</Button>
          </ModalClose>
        </div>
      </div>
    </Modal>
  );
}

function HistoryBody({ history }: { history: SubscriptionHistory }) {
  const { user } = history;
  const facts: [string, string][] = [
    ["Name", user.name || "—"],
    ["Email", user.email],
    ["Plan", user.plan_name],
    ["Subscription", subscriptionLabel(user.subscription_status, user.trial_end)],
    ["Interval", intervalLabel(user.billing_interval)],
    ["Verified", yesNo(user.is_verified)],
    ["Active", yesNo(user.is_active)],
    ["Created", formatDateTime(user.created_at)],
  ];
  return (
    <>
      <section aria-label="User summary">
        <dl className="grid grid-cols-2 gap-x-4 gap-y-1 rounded-lg bg-muted p-3 text-sm sm:grid-cols-4">
          {facts.map(([term, value]) => (
            <div key={term}>
              <dt className="text-muted-foreground">{term}</dt>
              <dd className="break-all font-medium">{value}</dd>
            </div>
          ))}
        </dl>
        {user.trial_end && <p className="mt-2 text-xs text-muted-foreground">Trial ends {formatDate(user.trial_end)}.</p>}
      </section>
      <SubscriptionsTable subscriptions={history.subscriptions} />
      <BillingHistoryTable events={history.billing_history} />
    </>
  );
}
