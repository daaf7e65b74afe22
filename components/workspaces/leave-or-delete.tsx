"use client";

import { useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import type { WorkspaceDetail } from "@/lib/api/contract/workspaces";
import { atLeast } from "@/lib/roles";
import { deleteWorkspace, leaveWorkspace } from "./workspace-calls";

/**
 * The way out: a member leaves; the owner (who pays for it and cannot leave it) deletes it,
 * and its transcriptions move to the owner's personal space.
 */
export function LeaveOrDelete({ workspace, onGone }: { workspace: WorkspaceDetail; onGone(): void }) {
  const owner = atLeast(workspace.your_role, "owner");
  const [asking, setAsking] = useState(false);
  const [problem, setProblem] = useState("");
  const [busy, setBusy] = useState(false);

  async function confirm() {
    setBusy(true);
    const refused = owner ? await deleteWorkspace(workspace.id) : await leaveWorkspace(workspace.id);
    setBusy(false);
    if (refused) {
      setProblem(refused);
      return;
    }
    setAsking(false);
    onGone();
  }

  const open = (next: boolean) => {
    setAsking(next);
    if (!next) setProblem("");
  };

  return (
    <section aria-labelledby="leave-heading" className="flex flex-col items-start gap-2 rounded-xl border border-danger/40 p-4">
      <h2 id="leave-heading" className="text-lg font-semibold">
        {owner ? "Delete workspace" : "Leave workspace"}
      </h2>
      <p className="text-sm text-muted-foreground">
        {owner
          ? "Its transcriptions move to your personal space; its members lose access, and its folders and invitations are removed."
          : "You lose access to its transcriptions at once. What you uploaded stays in the workspace."}
      </p>
      <Button variant="danger" onClick={() => open(true)}>
        {owner ? "Delete workspace" : "Leave workspace"}
      </Button>
      <ConfirmDialog
        open={asking}
        onOpenChange={open}
        title={owner ? `Delete ${workspace.name}?` : `Leave ${workspace.name}?`}
        description={
          owner
            ? "Its transcriptions move to your personal space, with their audio. Its members lose access at once, and its folders and pending invitations are removed. This cannot be undone."
            : "You lose access to its transcriptions at once; to come back, you need a new invitation."
        }
        confirmLabel={owner ? "Delete workspace" : "Leave workspace"}
        busy={busy}
        onConfirm={() => void confirm()}
      >
        {problem && <Alert>{problem}</Alert>}
      </ConfirmDialog>
    </section>
  );
}
