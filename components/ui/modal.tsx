"use client";

import { Dialog } from "radix-ui";
import type { ReactNode } from "react";

interface ModalProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  title: string;
  description?: ReactNode;
  children: ReactNode;
  /** Tailwind max-width class */
  width?: string;
}

/** The product's dialog: Radix for focus trapping, Escape and screen-reader semantics. */
export function Modal({ open, onOpenChange, title, description, children, width = "max-w-md" }: ModalProps) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/50" />
        {/* Radix focuses the dialog itself while it has no control yet (e.g. plans still loading):
            a container, not a control, so no ring there — the browser's default was a heavy black one.
            Its controls show the app's accent ring. */}
        <Dialog.Content
          className={`outline-none fixed left-1/2 top-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] ${width} -translate-x-1/2 -translate-y-1/2 overflow-y-auto bg-card p-6 shadow-xl`}
          style={{ borderRadius: "var(--modal-radius)" }}
        >
          <Dialog.Title className="text-lg font-semibold">{title}</Dialog.Title>
          {description ? (
            <Dialog.Description className="mt-2 text-sm text-muted-foreground">{description}</Dialog.Description>
          ) : (
            <Dialog.Description className="sr-only">{title}</Dialog.Description>
          )}
          <div className="mt-4">{children}</div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

export const ModalClose = Dialog.Close;

/**
 * The dialog's × in its top-right corner, for dialogs with no Cancel of their own: put it last
 * in the children, so it is last in the focus order while it shows first.
 */
export function ModalCloseButton() {
  return (
    <Dialog.Close asChild>
      <button
        type="button"
        aria-label="Close"
        className="absolute right-3 top-3 inline-flex h-11 w-11 items-center justify-center rounded-lg text-xl leading-none text-muted-foreground hover:bg-muted focus-visible:outline-2 focus-visible:outline-accent"
      >
        <span aria-hidden="true">×</span>
      </button>
    </Dialog.Close>
  );
}
