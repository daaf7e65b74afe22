"use client";

import { useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { ASSIGNABLE_ROLES, type AssignableRole, type WorkspaceDetail, type WorkspaceMemberItem } from "@/lib/api/contract/workspaces";
import { LocalDay } from "./local-day";
import { mayManageIn } from "@/lib/roles";
import { ROLE_LABELS } from "./role-labels";
import { changeRole, removeMember } from "./workspace-calls";

interface MembersTableProps {
  workspace: WorkspaceDetail;
  /** the signed-in user: their own row is left with Leave, not Remove */
  userId: string;
  /** reads the workspace again after a change */
  onChanged(): Promise<unknown>;
}

/** Who is in the workspace; owners and admins change roles and remove members (never the owner). */
export function MembersTable({ workspace, userId, onChanged }: MembersTableProps) {
  const manages = mayManageIn(workspace.your_role);
  const [problem, setProblem] = useState("");
  const [removing, setRemoving] = useState<WorkspaceMemberItem | null>(null);
  // The member whose role is being changed, and whether a removal is on its way: each blocks only itself.
  const [changing, setChanging] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function setRole(member: WorkspaceMemberItem, role: AssignableRole) {
    setProblem("");
    setChanging(member.id);
    const refused = await changeRole(workspace.id, member.id, role);
    setChanging(null);
    if (refused) setProblem(refused);
    await onChanged();
  }

  async function remove(member: WorkspaceMemberItem) {
    setBusy(true);
    const refused = await removeMember(workspace.id, member.id);
    setBusy(false);
    if (refused) {
      setProblem(refused);
    } else {
      setProblem("");
      setRemoving(null);
    }
    await onChanged();
  }

  return (
    <section aria-labelledby="members-heading" className="flex flex-col gap-3">
      <h2 id="members-heading" className="text-lg font-semibold">
        Members
      </h2>
      {problem && <Alert>{problem}</Alert>}
      <div className="overflow-x-auto rounded-xl border border-border bg-card">
        <table className="w-full text-left text-sm">
          <thead className="border-b border-border text-xs text-muted-foreground">
            <tr>
              <th scope="col" className="px-3 py-2 font-medium">Member</th>
              <th scope="col" className="px-3 py-2 font-medium">Role</th>
              <th scope="col" className="hidden px-3 py-2 font-medium sm:table-cell">Joined</th>
              {manages && (
                <th scope="col" className="px-3 py-2 font-medium">
                  <span className="sr-only">Actions</span>
                </th>
              )}
            </tr>
          </thead>
          <tbody className="divide-y divide-border">
            {workspace.members.map((m) => {
              const editable = manages && m.role !== "owner";
              return (
                <tr key={m.id} data-testid="member-row">
                  <td className="max-w-[12rem] px-3 py-2 sm:max-w-none">
                    <div className="truncate font-medium">
                      {m.name}
                      {m.user_id === userId && <span className="text-muted-foreground"> (you)</span>}
                    </div>
                    <div className="truncate text-xs text-muted-foreground">{m.email}</div>
                  </td>
                  <td className="px-3 py-2">
                    {editable ? (
                      <select
                        aria-label={`Role of ${m.name}`}
                        value={m.role}
                        disabled={changing === m.id}
                        onChange={(e) => void setRole(m, e.target.value as AssignableRole)}
                        className="h-9 rounded-md border border-border bg-input px-2"
                      >
                        {ASSIGNABLE_ROLES.map((r) => (
                          <option key={r} value={r}>
                            {ROLE_LABELS[r]}
                          </option>
                        ))}
                      </select>
                    ) : (
                      ROLE_LABELS[m.role]
                    )}
                  </td>
                  <td className="hidden whitespace-nowrap px-3 py-2 sm:table-cell">
                    <LocalDay iso={m.joined_at} />
                  </td>
                  {manages && (
                    <td className="px-3 py-2 text-right">
                      {editable && m.user_id !== userId && (
                        <Button variant="ghost" size="sm" aria-label={`Remove ${m.name}`} onClick={() => setRemoving(m)}>
                          Remove
                        </Button>
                      )}
                    </td>
                  )}
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => !open && setRemoving(null)}
        title={`Remove ${removing?.name ?? ""} from ${workspace.name}?`}
        description="They lose access to the workspace's transcriptions at once. What they uploaded stays in the workspace."
        confirmLabel="Remove"
        busy={busy}
        onConfirm={() => removing && void remove(removing)}
      />
    </section>
  );
}
