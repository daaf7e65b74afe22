"use client";

import Link from "next/link";
import { useState, type FormEvent } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Modal, ModalClose } from "@/components/ui/modal";
import { WORKSPACE_NAME_MAX, workspaceNameProblem } from "@/lib/access/workspace-name";
import { PLANS_HREF } from "./plans-href";
import { createWorkspace } from "./workspace-calls";

interface NewWorkspaceDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  /** null: the plan allows it; else the sentence saying which plans do */
  refusal: string | null;
  /** the new workspace is made and shown */
  onCreated(): void;
}

/** "New workspace…": a name, and the new workspace becomes the active space. */
export function NewWorkspaceDialog({ open, onOpenChange, refusal, onCreated }: NewWorkspaceDialogProps) {
  const [name, setName] = useState("");
  const [problem, setProblem] = useState("");
  const [busy, setBusy] = useState(false);

  function change(next: boolean) {
    if (!next) {
      setName("");
      setProblem("");
    }
    onOpenChange(next);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const wrong = workspaceNameProblem(name);
    if (wrong) {
      setProblem(wrong);
      return;
    }
    setBusy(true);
    const refused = await createWorkspace(name);
    setBusy(false);
    if (refused) {
      setProblem(refused);
      return;
    }
    change(false);
    onCreated();
  }

  return (
    <Modal open={open} onOpenChange={change} title="New workspace" description="A workspace holds a team's transcriptions; you invite its members once it exists.">
      {refusal ? (
        <div className="flex flex-col gap-4">
          <Alert tone="info">
            {refusal}{" "}
            <Link href={PLANS_HREF} className="font-medium text-accent underline" onClick={() => change(false)}>
              See plans and billing
            </Link>
          </Alert>
          <div className="flex justify-end">
            <ModalClose asChild>
              <Button variant="secondary">Close</Button>
            </ModalClose>
          </div>
        </div>
      ) : (
        <form onSubmit={(e) => void submit(e)} className="flex flex-col gap-4" noValidate>
          <Field
            label="Name"
            value={name}
            maxLength={WORKSPACE_NAME_MAX}
            autoComplete="off"
            onChange={(e) => setName(e.target.value)}
            aria-invalid={problem ? true : undefined}
            required
          />
          {problem && <Alert>{problem}</Alert>}
          <div className="flex justify-end gap-2">
            <ModalClose asChild>
              <Button type="button" variant="secondary">
                Cancel
              </Button>
            </ModalClose>
            <Button type="submit" disabled={busy}>
              {busy ? "Creating…" : "Create workspace"}
            </Button>
          </div>
        </form>
      )}
    </Modal>
  );
}
