"use client";

import { useState, type FormEvent } from "react";
import type { AdminUser, DeletedUser } from "@/lib/api/contract/admin";
import { Alert } from "@/components/ui/alert";
import { Field } from "@/components/ui/field";
import { Modal } from "@/components/ui/modal";
import { deleteUser } from "./admin-api";
import { DialogActions } from "./edit-dialog";
import { DELETE_CONFIRM_ALERT, DELETE_WORD, deleteFailed } from "./messages";

interface DeleteUserDialogProps {
  user: AdminUser;
  onClose(): void;
  /** after the server confirmed; the name and email are the server's */
  onDeleted(deleted: DeletedUser): void;
}

/** Spec §5: permanent deletion needs exactly DELETE typed (case-sensitive, not trimmed). */
export function DeleteUserDialog({ user, onClose, onDeleted }: DeleteUserDialogProps) {
  const [typed, setTyped] = useState("");
  const [triedWrongWord, setTriedWrongWord] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const confirmed = typed === DELETE_WORD;
  const showWordAlert = !confirmed && (typed !== "" || triedWrongWord);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (deleting) return;
    if (!confirmed) return setTriedWrongWord(true);
    setDeleting(true);
    setFailure(null);
    const result = await deleteUser(user.id);
    if (result.ok) return onDeleted(result.data);
    setDeleting(false);
    setFailure(deleteFailed(result));
  }

  return (
    <Modal
      open
      // A deletion under way is not interrupted by Escape or a click outside.
      onOpenChange={(open) => !open && !deleting && onClose()}
      title={`Delete ${user.name || user.email}?`}
      description={
        <>
          This permanently deletes {user.name || "this user"} ({user.email}) and everything that belongs to the account: their
          transcriptions and audio, usage records and billing history. Their subscriptions are canceled at Stripe. This cannot be
          undone.
        </>
      }
    >
      <form onSubmit={submit} className="flex flex-col gap-3" noValidate>
        {failure && <Alert>{failure}</Alert>}
        <Field
          label={`Type ${DELETE_WORD} to confirm`}
          name="confirm-delete"
          value={typed}
          onChange={(e) => {
            setTyped(e.target.value);
            setTriedWrongWord(false);
          }}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          aria-invalid={showWordAlert || undefined}
          onKeyDown={(e) => {
            // With the submit button disabled, Enter would not submit the form, so say why here.
            if (e.key === "Enter" && !confirmed) {
              e.preventDefault();
              setTriedWrongWord(true);
            }
          }}
        />
        {showWordAlert && <Alert>{DELETE_CONFIRM_ALERT}</Alert>}
        <DialogActions
          busy={deleting}
          submitLabel="Delete permanently"
          busyLabel="Deleting…"
          submitVariant="danger"
          submitDisabled={!confirmed || deleting}
          className="mt-2"
        />
      </form>
    </Modal>
  );
}
