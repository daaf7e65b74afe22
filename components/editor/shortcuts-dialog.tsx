"use client";

import { Button } from "@/components/ui/button";
import { Modal, ModalClose } from "@/components/ui/modal";
import { SHORTCUTS, TYPING_KEYS } from "@/lib/editor/shortcuts";

export function ShortcutsDialog({ open, onOpenChange }: { open: boolean; onOpenChange(open: boolean): void }) {
  return (
    <Modal open={open} onOpenChange={onOpenChange} title="Keyboard shortcuts" description="Click into a segment’s text to type (or press its Edit button); the transcript then reads as one document.">
      <KeyTable caption="Listening" keys={SHORTCUTS} />
      <KeyTable caption="Typing in the transcript" keys={TYPING_KEYS} />
      <div className="mt-4 flex justify-end">
        <ModalClose asChild>
          <Button type="button" variant="secondary">Close</Button>
        </ModalClose>
      </div>
    </Modal>
  );
}

function KeyTable({ caption, keys }: { caption: string; keys: readonly { keys: string; description: string }[] }) {
  return (
    <table className="mt-2 w-full text-sm">
      <caption className="py-1 text-left font-medium">{caption}</caption>
      <tbody>
        {keys.map((s) => (
          <tr key={s.keys} className="border-b border-border last:border-0">
            <td className="py-2 pr-4">
              <kbd className="rounded border border-border bg-muted px-1.5 py-0.5 font-mono text-xs">{s.keys}</kbd>
            </td>
            <td className="py-2">{s.description}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
