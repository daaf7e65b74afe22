"use client";

import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Modal } from "@/components/ui/modal";
import type { ApiStyle } from "@/lib/api/contract/transcription";
import { RefusalNote, refusalOf, type Refusal } from "./upgrade-hint";
import { call } from "@/lib/api/client";
import { createStyle, deleteStyle, updateStyle } from "@/lib/api/endpoints/formatting";

interface StylesDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  styles: ApiStyle[];
  onChange(styles: ApiStyle[]): void;
}

const byName = (a: ApiStyle, b: ApiStyle) => a.name.localeCompare(b.name);

/** Create, edit and delete the user's named formatting instructions. */
export function StylesDialog({ open, onOpenChange, styles, onChange }: StylesDialogProps) {
  const [editing, setEditing] = useState<ApiStyle | null>(null);
  const [name, setName] = useState("");
  const [instructions, setInstructions] = useState("");
  const [refusal, setRefusal] = useState<Refusal | null>(null);

  const edit = (style: ApiStyle | null) => {
    setEditing(style);
    setName(style?.name ?? "");
    setInstructions(style?.instructions ?? "");
    setRefusal(null);
  };

  async function save(event: FormEvent) {
    event.preventDefault();
    const body = { name, instructions };
    const result = editing ? await call(updateStyle, { params: { id: editing.id }, body }) : await call(createStyle, { body });
    if (!result.ok) return setRefusal(refusalOf(result));
    const saved = result.data;
    onChange([...styles.filter((s) => s.id !== saved.id), saved].sort(byName));
    edit(null);
  }

  async function remove(style: ApiStyle) {
    const result = await call(deleteStyle, { params: { id: style.id } });
    if (!result.ok) return setRefusal(refusalOf(result));
    onChange(styles.filter((s) => s.id !== style.id));
    if (editing?.id === style.id) edit(null);
  }

  return (
    <Modal open={open} onOpenChange={onOpenChange} title="Custom styles" description="Named instructions for how a transcript should be written up, e.g. meeting minutes with decisions and owners." width="max-w-lg">
      {styles.length > 0 && (
        <ul className="mb-4 flex flex-col divide-y divide-border rounded-lg border border-border">
          {styles.map((s) => (
            <li key={s.id} className="flex items-center gap-2 px-3 py-2 text-sm">
              <span className="flex-1 truncate font-medium">{s.name}</span>
              <Button type="button" size="sm" variant="ghost" onClick={() => edit(s)}>Edit</Button>
              <Button type="button" size="sm" variant="ghost" onClick={() => void remove(s)} aria-label={`Delete ${s.name}`}>Delete</Button>
            </li>
          ))}
        </ul>
      )}
      <form onSubmit={save} className="flex flex-col gap-3">
        <h3 className="text-sm font-semibold">{editing ? `Edit “${editing.name}”` : "New style"}</h3>
        <Field label="Name" value={name} onChange={(e) => setName(e.target.value)} maxLength={60} required />
        <label className="flex flex-col gap-1 text-sm font-medium">
          Instructions
          <textarea
            value={instructions}
            onChange={(e) => setInstructions(e.target.value)}
            maxLength={2000}
            rows={5}
            required
            className="rounded-t-md border-0 border-b-2 border-border bg-input p-2 font-normal outline-none focus:border-primary"
          />
        </label>
        {refusal && <RefusalNote refusal={refusal} />}
        <div className="flex justify-end gap-2">
          {editing && <Button type="button" variant="secondary" onClick={() => edit(null)}>Cancel</Button>}
          <Button type="submit">{editing ? "Save style" : "Add style"}</Button>
        </div>
      </form>
    </Modal>
  );
}
