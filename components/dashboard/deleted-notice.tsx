"use client";

import Link from "next/link";
import { useEffect, useRef, useState } from "react";
import { call, detailOr } from "@/lib/api/client";
import type { ApiTranscription } from "@/lib/api/contract/transcription";
import { restoreTranscription } from "@/lib/api/endpoints/transcription";
import { RECENTLY_DELETED_DAYS } from "@/lib/transcription/deletion-terms";

interface DeletedNoticeProps {
  /** the transcription just deleted from the list */
  deleted: ApiTranscription;
  onRestored(t: ApiTranscription): void;
}

/**
 * Said after a delete from the list, with Undo. The deleted row took the focus with it, so
 * focus comes to Undo (not to the page's start); after Undo it goes to the restored row.
 * Rendered with `key={deleted.id}`: each delete starts it afresh.
 */
export function DeletedNotice({ deleted, onRestored }: DeletedNoticeProps) {
  const undo = useRef<HTMLButtonElement>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState("");
  useEffect(() => undo.current?.focus(), []);

  async function restore() {
    setBusy(true);
    const result = await call(restoreTranscription, { params: { id: deleted.id } });
    setBusy(false);
    if (!result.ok) {
      setError(detailOr(result, "It could not be restored. Try again from Recently deleted."));
      return;
    }
    onRestored(result.data);
    // The row is back after this render: its title link takes the focus Undo had.
    requestAnimationFrame(() => document.querySelector<HTMLElement>(`a[href^="/transcription/${result.data.id}"]`)?.focus());
  }

  return (
    <div role="status" className="flex flex-wrap items-center gap-x-3 gap-y-1 rounded-lg border border-border bg-muted px-3 py-2 text-sm" data-testid="deleted-notice">
      <span>
        “{deleted.title}” was moved to{" "}
        <Link href="/dashboard/deleted" className="text-accent underline">
          Recently deleted
        </Link>{" "}
        for {RECENTLY_DELETED_DAYS} days.
      </span>
      <button ref={undo} type="button" onClick={() => void restore()} disabled={busy} aria-label={`Undo deleting ${deleted.title}`} className="font-medium text-accent underline disabled:opacity-60">
        Undo
      </button>
      {error && (
        <p role="alert" className="w-full text-danger">
          {error}
        </p>
      )}
    </div>
  );
}
