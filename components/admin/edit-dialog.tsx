"use client";

import { clsx } from "clsx";
import { useState, type FormEvent, type ReactNode } from "react";
import { Alert } from "@/components/ui/alert";
import { Button, type ButtonProps } from "@/components/ui/button";
import { Modal, ModalClose } from "@/components/ui/modal";
import type { ApiFailure, ApiResult } from "@/lib/api/client";

/** A dialog form's Cancel (closes the dialog) and submit buttons; both are disabled while `busy`. */
export function DialogActions({
  busy,
  submitLabel = "Save",
  busyLabel = "Saving…",
  submitVariant,
  submitDisabled = busy,
  className,
}: {
  busy: boolean;
  submitLabel?: string;
  /** the submit button's text while `busy` */
  busyLabel?: string;
  submitVariant?: ButtonProps["variant"];
  submitDisabled?: boolean;
  className?: string;
}) {
  return (
    <div className={clsx(className, "flex justify-end gap-2")}>
      <ModalClose asChild>
        <Button type="button" variant="secondary" disabled={busy}>
          Cancel
        </Button>
      </ModalClose>
      <Button type="submit" variant={submitVariant} disabled={submitDisabled}>
        {busy ? busyLabel : submitLabel}
      </Button>
    </div>
  );
}

interface EditDialogProps<T> {
  title: string;
  /** Tailwind max-width class */
  width?: string;
  /** Sends the edit; a string instead is a check's message, shown without sending anything. */
  save(): Promise<ApiResult<T>> | string;
  /** the alert text for a failed save; the dialog stays open so the operator can correct it */
  failed(failure: ApiFailure): string;
  onSaved(item: T): void;
  onClose(): void;
  /** the browser's own bubbles would stop the form before the form's checks can explain */
  noValidate?: boolean;
  /** the fields */
  children: ReactNode;
}

/**
 * The admin edit dialogs' frame: the fields, then the failure alert, Cancel and Save. One save
 * at a time; while it runs, Escape, a click outside and Cancel do not close the dialog.
 */
export function EditDialog<T>({ title, width, save, failed, onSaved, onClose, noValidate, children }: EditDialogProps<T>) {
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (saving) return;
    const request = save();
    if (typeof request === "string") return setFailure(request);
    setSaving(true);
    setFailure(null);
    const result = await request;
    if (result.ok) return onSaved(result.data);
    setSaving(false);
    setFailure(failed(result));
  }

  return (
    <Modal open onOpenChange={(open) => !open && !saving && onClose()} title={title} width={width}>
      <form onSubmit={submit} noValidate={noValidate} className="flex flex-col gap-4">
        {children}
        {failure && <Alert>{failure}</Alert>}
        <DialogActions busy={saving} />
      </form>
    </Modal>
  );
}
