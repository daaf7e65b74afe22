"use client";

import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { call, detailOr } from "@/lib/api/client";
import { renameTranscription } from "@/lib/api/endpoints/transcription";

/** The transcription's title with an inline rename, offered to those who may rename it. */
export function TitleEditor({ id, title, canRename, onRenamed }: { id: string; title: string; canRename: boolean; onRenamed(title: string): void }) {
  const [editing, setEditing] = useState(false);
  const [value, setValue] = useState(title);
  const [error, setError] = useState("");

  async function save(event: FormEvent) {
    event.preventDefault();
    const result = await call(renameTranscription, { params: { id }, body: { title: value } });
    if (!result.ok) return setError(detailOr(result, "Could not rename. Try again."));
    onRenamed(result.data.title);
    setError("");
    setEditing(false);
  }

  if (!editing) {
    return (
      <div className="flex min-w-0 items-center gap-2">
        <h1 className="truncate text-2xl font-semibold">{title}</h1>
        {canRename && (
          <Button type="button" size="sm" variant="ghost" onClick={() => { setValue(title); setEditing(true); }}>Rename</Button>
        )}
      </div>
    );
  }
  return (
    <form onSubmit={save} className="flex flex-wrap items-center gap-2" onKeyDown={(e) => e.key === "Escape" && setEditing(false)}>
      <input
        aria-label="Title"
        autoFocus
        value={value}
        maxLength={200}
        onChange={(e) => setValue(e.target.value)}
        className="h-10 min-w-64 rounded-t-md border-0 border-b-2 border-primary bg-input px-2 text-xl font-semibold outline-none"
      />
      <Button type="submit" size="sm">Save</Button>
      <Button type="button" size="sm" variant="secondary" onClick={() => setEditing(false)}>Cancel</Button>
      {error && <span role="alert" className="text-sm text-danger">{error}</span>}
    </form>
  );
}
