"use client";

import Link from "next/link";
import { useEffect, useRef, useState } from "react";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { call, detailOr } from "@/lib/api/client";
import type { ApiTranscription, DeletedTranscription } from "@/lib/api/contract/transcription";
import { deleteTranscription, restoreTranscription } from "@/lib/api/endpoints/transcription";
import { DELETING_KEEPS_USAGE, daysLeft } from "@/lib/transcription/deletion-terms";

interface Notice {
  text: string;
  /** a restored transcription, to open from the notice */
  restoredId?: string;
}

/**
 * The user's Recently deleted: each transcription with when it was deleted and how long it
 * is still kept, to Restore or Delete for good. A row that leaves takes the focus with it,
 * so the notice saying what happened takes it.
 */
export function RecentlyDeleted({ initial }: { initial: DeletedTranscription[] }) {
  const [items, setItems] = useState(initial);
  const [notice, setNotice] = useState<Notice | null>(null);
  const noticeRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (notice) noticeRef.current?.focus();
  }, [notice]);

  const gone = (id: string, next: Notice) => {
    setItems((list) => list.filter((x) => x.id !== id));
    setNotice(next);
  };

  return (
    <div className="flex flex-col gap-4">
      {notice && (
        <div ref={noticeRef} tabIndex={-1} role="status" className="rounded-lg border border-border bg-muted px-3 py-2 text-sm outline-none focus-visible:outline-2 focus-visible:outline-accent">
          {notice.text}
          {notice.restoredId && (
            <>
              {" "}
              <Link href={`/transcription/${notice.restoredId}`} className="text-accent underline">
                Open it
              </Link>
            </>
          )}
        </div>
      )}
      {items.length === 0 ? (
        <div className="flex flex-col items-center rounded-xl border-2 border-dashed border-border px-6 py-12 text-center">
          <p className="text-lg font-medium">Nothing here</p>
          <p className="mt-1 max-w-md text-sm text-muted-foreground">Transcriptions you delete from the dashboard wait here, so you can bring them back.</p>
        </div>
      ) : (
        <ul className="divide-y divide-border rounded-xl border border-border bg-card" aria-label="Recently deleted transcriptions">
          {items.map((t) => (
            <DeletedRow
              key={t.id}
              t={t}
              onRestored={(restored) => gone(t.id, { text: `“${restored.title}” is back in your transcriptions.`, restoredId: restored.id })}
              onDeletedForGood={() => gone(t.id, { text: `“${t.title}” was deleted for good.` })}
            />
          ))}
        </ul>
      )}
    </div>
  );
}

interface RowProps {
  t: DeletedTranscription;
  onRestored(t: ApiTranscription): void;
  onDeletedForGood(): void;
}

function DeletedRow({ t, onRestored, onDeletedForGood }: RowProps) {
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState("");
  const days = daysLeft(t.purge_at);

  async function restore() {
    setBusy(true);
    setError("");
    const result = await call(restoreTranscription, { params: { id: t.id } });
    setBusy(false);
    if (result.ok) onRestored(result.data);
    else setError(detailOr(result, "It could not be restored. Please try again."));
  }

  async function deleteForGood() {
    setBusy(true);
    setError("");
    const result = await call(deleteTranscription, { params: { id: t.id }, query: { permanent: "1" } });
    setBusy(false);
    if (result.ok) {
      setConfirming(false);
      onDeletedForGood();
    } else setError(detailOr(result, "It could not be deleted. Please try again."));
  }

  return (
    <li className="flex flex-col gap-2 px-4 py-3 sm:flex-row sm:items-center" data-testid="deleted-row">
      <div className="min-w-0 flex-1">
        <p className="truncate font-medium">{t.title}</p>
        <p className="text-xs text-muted-foreground">
          Deleted {new Date(t.deleted_at).toLocaleString()} · {days > 1 ? `${days} days left` : "last day"}
        </p>
        {error && !confirming && (
          <p role="alert" className="text-xs text-danger">
            {error}
          </p>
        )}
      </div>
      <div className="flex items-center gap-3">
        <button type="button" className="text-sm text-accent hover:underline disabled:opacity-60" disabled={busy} onClick={() => void restore()} aria-label={`Restore ${t.title}`}>
          Restore
        </button>
        <button type="button" className="text-sm text-danger hover:underline disabled:opacity-60" disabled={busy} onClick={() => setConfirming(true)} aria-label={`Delete ${t.title} for good`}>
          Delete for good
        </button>
      </div>
      <ConfirmDialog
        open={confirming}
        onOpenChange={(open) => {
          setConfirming(open);
          if (!open) setError("");
        }}
        title={`Delete “${t.title}” for good?`}
        description={`Its audio and transcript are removed now; this cannot be undone. ${DELETING_KEEPS_USAGE}`}
        confirmLabel="Delete for good"
        busy={busy}
        onConfirm={() => void deleteForGood()}
      >
        {error && (
          <p role="alert" className="text-sm text-danger">
            {error}
          </p>
        )}
      </ConfirmDialog>
    </li>
  );
}
