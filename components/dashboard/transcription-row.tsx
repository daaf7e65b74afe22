"use client";

import Link from "next/link";
import { useState } from "react";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { StatusBadge } from "@/components/transcription/status-badge";
import { formatDuration } from "@/lib/text/time-format";
import type { ApiTranscription } from "@/lib/api/contract/transcription";
import { engineLabel } from "@/lib/transcription/engines/labels";
import { languageName } from "@/lib/transcription/engines/language-names";
import { DELETING_KEEPS_USAGE, RECENTLY_DELETED_DAYS } from "@/lib/transcription/deletion-terms";

/** What changing a transcription does; each answers the server's sentence when it was refused, else null. */
export interface RowChanges {
  onRename: (id: string, title: string) => Promise<string | null>;
  onCancel: (id: string) => Promise<string | null>;
  /** left out when the user may change it but not delete it (a member, for a teammate's upload) */
  onDelete?: (t: ApiTranscription) => Promise<string | null>;
}

interface RowProps {
  t: ApiTranscription;
  /** left out for someone who may only read it (a workspace's viewer): no Rename, Cancel or Delete is offered */
  changes?: RowChanges;
  /** opens the Move dialog; left out when there is nowhere the user may move or file it (a viewer, say) */
  onMove?: (t: ApiTranscription) => void;
}

export function TranscriptionRow({ t, changes, onMove }: RowProps) {
  const [editing, setEditing] = useState(false);
  const [error, setError] = useState("");
  const [confirming, setConfirming] = useState(false);
  const active = t.status === "queued" || t.status === "processing";
  return (
    <li className="flex flex-col gap-2 px-4 py-3 sm:flex-row sm:items-center" data-testid="transcription-row">
      <div className="min-w-0 flex-1">
        {editing && changes ? (
          <form
            onSubmit={async (e) => {
              e.preventDefault();
              const title = String(new FormData(e.currentTarget).get("title"));
              const problem = await changes.onRename(t.id, title);
              if (problem) setError(problem);
              else setEditing(false);
            }}
            className="flex gap-2"
          >
            <input name="title" defaultValue={t.title} aria-label="Title" autoFocus className="h-8 flex-1 rounded-md bg-input px-2" />
            <button type="submit" className="text-sm text-accent">Save</button>
            <button type="button" className="text-sm" onClick={() => setEditing(false)}>Cancel</button>
          </form>
        ) : (
          // A search hit opens at its match: the words the search found there.
          <Link href={t.snippet ? `/transcription/${t.id}?find=${encodeURIComponent(t.snippet.match)}` : `/transcription/${t.id}`} className="block truncate font-medium hover:text-accent">
            {t.title}
          </Link>
        )}
        {error && <p role="alert" className="text-xs text-danger">{error}</p>}
        <p className="text-xs text-muted-foreground">
          {new Date(t.created_at).toLocaleString()} · {t.duration_s > 0 ? formatDuration(t.duration_s) : "length being measured"} · {languageName(t.detected_language ?? t.language) ?? "Auto-detect"}
          {t.engine && ` · ${engineLabel(t.engine)}`}
        </p>
        {t.snippet && (
          <p className="mt-1 line-clamp-2 text-sm text-muted-foreground" data-testid="search-snippet">
            {t.snippet.before}
            <mark className="rounded-sm bg-accent/20 px-0.5 text-foreground">{t.snippet.match}</mark>
            {t.snippet.after}
          </p>
        )}
        {t.status === "failed" && t.error && <p className="text-xs text-danger">{t.error}</p>}
      </div>
      <div className="flex items-center gap-3">
        <StatusBadge t={t} />
        {changes && active && (
          <button type="button" className="text-sm text-muted-foreground hover:text-foreground" onClick={() => void changes.onCancel(t.id).then((problem) => setError(problem ?? ""))}>
            Cancel
          </button>
        )}
        {changes && (
          <button type="button" className="text-sm text-muted-foreground hover:text-foreground" onClick={() => setEditing(true)} aria-label={`Rename ${t.title}`}>
            Rename
          </button>
        )}
        {onMove && (
          <button type="button" className="text-sm text-muted-foreground hover:text-foreground" onClick={() => onMove(t)} aria-label={`Move ${t.title}`}>
            Move…
          </button>
        )}
        {changes?.onDelete && (
          <button type="button" className="text-sm text-danger hover:underline" onClick={() => setConfirming(true)} aria-label={`Delete ${t.title}`}>
            Delete
          </button>
        )}
      </div>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={`Delete “${t.title}”?`}
        description={`It stays in Recently deleted for ${RECENTLY_DELETED_DAYS} days, where you can restore it. ${DELETING_KEEPS_USAGE}`}
        confirmLabel="Delete"
        onConfirm={() => {
          setConfirming(false);
          void changes?.onDelete?.(t).then((problem) => setError(problem ?? ""));
        }}
      />
    </li>
  );
}
