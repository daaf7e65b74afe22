"use client";

import type { ReactNode } from "react";
import { Button } from "./button";
import { Modal, ModalClose } from "./modal";

interface ConfirmDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  title: string;
  description: ReactNode;
  /** the confirming button's text, a verb: "Delete", "Deactivate" */
  confirmLabel: string;
  /** the button that leaves things as they are; "Cancel" unless that would be ambiguous */
  keepLabel?: string;
  onConfirm(): void;
  busy?: boolean;
  /** extra content under the description, e.g. an error from a failed attempt */
  children?: ReactNode;
}

/**
 * The app's confirmation for a destructive step (instead of the browser's `confirm()` box).
 * Cancel is the default: Radix focuses the first button, so Enter never confirms by accident.
 */
export function ConfirmDialog({ open, onOpenChange, title, description, confirmLabel, keepLabel = "Cancel", onConfirm, busy = false, children }: ConfirmDialogProps) {
  return (
    <Modal open={open} onOpenChange={onOpenChange} title={title} description={description}>
      {children}
      <div className="mt-4 flex justify-end gap-2">
        <ModalClose asChild>
          <Button variant="secondary">{keepLabel}</Button>
        </ModalClose>
        <Button variant="danger" disabled={busy} onClick={onConfirm}>
          {confirmLabel}
        </Button>
      </div>
    </Modal>
  );
}
