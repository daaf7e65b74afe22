"use client";

import { useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import type { PendingInvitationItem } from "@/lib/api/contract/workspaces";
import { LocalDay } from "./local-day";
import { ROLE_LABELS } from "./role-labels";
import { revokeInvitation } from "./workspace-calls";

/** Invitations not yet answered, with their expiry; revoking one frees its seat. */
export function PendingInvitations({ invitations, onChanged }: { invitations: PendingInvitationItem[]; onChanged(): Promise<unknown> }) {
  const [problem, setProblem] = useState("");
  const [busy, setBusy] = useState<string | null>(null);

  async function revoke(invitation: PendingInvitationItem) {
    setBusy(invitation.id);
    const refused = await revokeInvitation(invitation.id);
    setBusy(null);
    setProblem(refused ?? "");
    await onChanged();
  }

  return (
    <section aria-labelledby="pending-heading" className="flex flex-col gap-3">
      <h2 id="pending-heading" className="text-lg font-semibold">
        Pending invitations
      </h2>
      {problem && <Alert>{problem}</Alert>}
      {invitations.length === 0 ? (
        <p className="text-sm text-muted-foreground">No invitations are waiting for an answer.</p>
      ) : (
        <ul className="divide-y divide-border rounded-xl border border-border bg-card">
          {invitations.map((i) => (
            <li key={i.id} data-testid="invitation-row" className="flex flex-wrap items-center justify-between gap-2 px-3 py-2 text-sm">
              <div className="min-w-0">
                <div className="truncate font-medium">{i.email}</div>
                <div className="text-xs text-muted-foreground">
                  {ROLE_LABELS[i.role]} · expires{" "}
                  <LocalDay iso={i.expires_at} />
                </div>
              </div>
              <Button variant="ghost" size="sm" disabled={busy === i.id} aria-label={`Revoke the invitation to ${i.email}`} onClick={() => void revoke(i)}>
                Revoke
              </Button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
