"use client";

import { Modal } from "@/components/ui/modal";
import { SHORTCUTS } from "@/lib/editor/shortcuts";

export function ShortcutsDialog({ open, onOpenChange }: { open: boolean; onOpenChange(open: boolean): void }) {
  return (
    <Modal open={open} onOpenChange={onOpenChange} title="Keyboard shortcuts" description="Click into a segment’s text to type (or press its Edit button); Enter or Escape finishes, Alt + Enter splits the segment at the cursor.">
      <table className="w-full text-sm">
        <tbody>
          {SHORTCUTS.map((s) => (
            <tr key={s.keys} className="border-b border-border last:border-0">
              <td className="py-2 pr-4">
                <kbd className="rounded border border-border bg-muted px-1.5 py-0.5 font-mono text-xs">{s.keys}</kbd>
              </td>
              <td className="py-2">{s.description}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </Modal>
  );
}
