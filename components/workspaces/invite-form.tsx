"use client";

import Link from "next/link";
import { useId, useState, type FormEvent } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Field, Labelled } from "@/components/ui/field";
import { ASSIGNABLE_ROLES, type AssignableRole } from "@/lib/api/contract/workspaces";
import { ROLE_HINTS, ROLE_LABELS } from "./role-labels";
import { inviteMember } from "./workspace-calls";

const EMAIL_MAX = 254;
const NO_EMAIL = "Enter the email address to send the invitation to.";

/**
 * Owners and admins invite by email; the mail's link is valid for a week. The server's refusal
 * (seats, say) is shown as it words it; an owner refused for want of seats is led to add them.
 */
export function InviteForm({ workspaceId, onInvited, addSeatsHref }: { workspaceId: string; onInvited(): Promise<unknown>; addSeatsHref?: string }) {
  const roleId = useId();
  const [email, setEmail] = useState("");
  const [role, setRole] = useState<AssignableRole>("member");
  const [problem, setProblem] = useState("");
  const [seatsTaken, setSeatsTaken] = useState(false);
  const [sent, setSent] = useState("");
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setSent("");
    const address = email.trim();
    if (!address) {
      setProblem(NO_EMAIL);
      return;
    }
    setBusy(true);
    const refused = await inviteMember(workspaceId, address, role);
    setBusy(false);
    setSeatsTaken(refused?.seatsTaken ?? false);
    if (refused) {
      setProblem(refused.refusal);
      return;
    }
    setProblem("");
    setEmail("");
    setSent(`An invitation was sent to ${address}.`);
    await onInvited();
  }

  return (
    <section aria-labelledby="invite-heading" className="flex flex-col gap-3 rounded-xl border border-border bg-card p-4">
      <h2 id="invite-heading" className="text-lg font-semibold">
        Invite someone
      </h2>
      <form onSubmit={(e) => void submit(e)} noValidate className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <div className="flex-1">
          <Field label="Email" type="email" autoComplete="off" maxLength={EMAIL_MAX} value={email} onChange={(e) => setEmail(e.target.value)} />
        </div>
        <Labelled htmlFor={roleId} label="Role">
          <select id={roleId} value={role} onChange={(e) => setRole(e.target.value as AssignableRole)} className="h-11 rounded-t-md border-0 border-b-2 border-border bg-input px-3">
            {ASSIGNABLE_ROLES.map((r) => (
              <option key={r} value={r}>
                {ROLE_LABELS[r]}
              </option>
            ))}
          </select>
        </Labelled>
        <Button type="submit" disabled={busy}>
          {busy ? "Sending…" : "Send invitation"}
        </Button>
      </form>
      <p className="text-xs text-muted-foreground">{ROLE_HINTS[role]}.</p>
      {problem && (
        <Alert>
          {problem}
          {seatsTaken && addSeatsHref && (
            <>
              {" "}
              <Link href={addSeatsHref} className="font-medium underline">Add seats</Link>
            </>
          )}
        </Alert>
      )}
      {sent && <Alert tone="success">{sent}</Alert>}
    </section>
  );
}
