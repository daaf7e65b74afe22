"use client";

import { clsx } from "clsx";
import { useState, type ReactNode } from "react";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { call, detailOr } from "@/lib/api/client";
import { FOLDER_NAME_MAX, type ApiFolder } from "@/lib/api/contract/folders";
import { createFolder, deleteFolder, renameFolder } from "@/lib/api/endpoints/folders";
import type { ApiTranscription } from "@/lib/api/contract/transcription";

/** Which of the list's rows are shown: all of them, those in no folder, or one folder's. */
export type FolderFilter = "all" | "unfiled" | { folderId: string };

export function inFilter(t: Pick<ApiTranscription, "folder_id">, filter: FolderFilter): boolean {
  if (filter === "all") return true;
  if (filter === "unfiled") return t.folder_id === null;
  return t.folder_id === filter.folderId;
}

const same = (a: FolderFilter, b: FolderFilter) => (typeof a === "string" || typeof b === "string" ? a === b : a.folderId === b.folderId);

interface FolderBarProps {
  folders: ApiFolder[];
  /** the rows the counts are of: the list as loaded (or as searched), before this filter */
  rows: Pick<ApiTranscription, "folder_id">[];
  filter: FolderFilter;
  onFilter(filter: FolderFilter): void;
  /** members and above make and rename folders; viewers only look */
  canEdit: boolean;
  /** owners and admins delete them */
  canDelete: boolean;
  /** a folder was made or renamed: the list of folders is read again */
  onChanged(): void;
  /** a folder was deleted: what was in it is unfiled */
  onDeleted(folderId: string): void;
}

/**
 * A workspace's folders above its list, each with how many of the listed transcriptions are
 * in it. Filtering is done here in the browser: the list holds the workspace's rows already,
 * and a live change (a colleague filing one) moves it at once.
 */
export function FolderBar({ folders, rows, filter, onFilter, canEdit, canDelete, onChanged, onDeleted }: FolderBarProps) {
  const counts = new Map<string | null, number>();
  for (const t of rows) counts.set(t.folder_id, (counts.get(t.folder_id) ?? 0) + 1);
  const choices: Array<{ key: string; label: string; count: number; value: FolderFilter }> = [
    { key: "all", label: "All", count: rows.length, value: "all" },
    ...folders.map((f) => ({ key: f.id, label: f.name, count: counts.get(f.id) ?? 0, value: { folderId: f.id } })),
    { key: "unfiled", label: "Unfiled", count: counts.get(null) ?? 0, value: "unfiled" as const },
  ];
  const selected = typeof filter === "string" ? undefined : folders.find((f) => f.id === filter.folderId);
  return (
    <div className="mt-4 flex flex-col gap-2">
      <div className="flex flex-wrap items-center gap-2" role="group" aria-label="Folders" data-testid="folder-bar">
        {choices.map((choice) => {
          const pressed = same(choice.value, filter);
          return (
            <button
              key={choice.key}
              type="button"
              aria-pressed={pressed}
              onClick={() => onFilter(choice.value)}
              className={clsx(
                "inline-flex max-w-64 items-center gap-1.5 rounded-full border px-3 py-1 text-sm transition-colors",
                pressed ? "border-primary bg-primary text-primary-foreground" : "border-border bg-card hover:bg-muted",
              )}
            >
              <span className="truncate">{choice.label}</span>
              <span className={clsx("text-xs", pressed ? "opacity-80" : "text-muted-foreground")} aria-hidden="true">
                {choice.count}
              </span>
              <span className="sr-only">{` (${choice.count} ${choice.count === 1 ? "transcription" : "transcriptions"})`}</span>
            </button>
          );
        })}
        {canEdit && (
          <Toggled label="New folder">
            {(close) => (
              <NameForm
                submitLabel="Create"
                initial=""
                onCancel={close}
                onSubmit={async (name) => {
                  const result = await call(createFolder, { body: { name } });
                  if (!result.ok) return detailOr(result, "The folder could not be created.");
                  close();
                  onChanged();
                  return null;
                }}
              />
            )}
          </Toggled>
        )}
      </div>
      {selected && (canEdit || canDelete) && <FolderActions key={selected.id} folder={selected} canEdit={canEdit} canDelete={canDelete} onChanged={onChanged} onDeleted={onDeleted} />}
    </div>
  );
}

/** Rename and Delete of the folder being shown. */
function FolderActions({ folder, canEdit, canDelete, onChanged, onDeleted }: { folder: ApiFolder; canEdit: boolean; canDelete: boolean; onChanged(): void; onDeleted(id: string): void }) {
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState("");
  return (
    <div className="flex flex-wrap items-center gap-3 text-sm">
      {canEdit && (
        <Toggled label="Rename folder">
          {(close) => (
            <NameForm
              submitLabel="Save"
              initial={folder.name}
              onCancel={close}
              onSubmit={async (name) => {
                const result = await call(renameFolder, { params: { id: folder.id }, body: { name } });
                if (!result.ok) return detailOr(result, "The folder could not be renamed.");
                close();
                onChanged();
                return null;
              }}
            />
          )}
        </Toggled>
      )}
      {canDelete && (
        <button type="button" className="px-2 py-1 text-sm text-danger hover:underline" onClick={() => setConfirming(true)}>
          Delete folder
        </button>
      )}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={`Delete the folder “${folder.name}”?`}
        description="Its transcriptions stay in the workspace, unfiled."
        confirmLabel="Delete folder"
        onConfirm={async () => {
          const result = await call(deleteFolder, { params: { id: folder.id } });
          if (!result.ok) {
            setError(detailOr(result, "The folder could not be deleted."));
            return;
          }
          setConfirming(false);
          onDeleted(folder.id);
        }}
      >
        {error && (
          <p role="alert" className="text-sm text-danger">
            {error}
          </p>
        )}
      </ConfirmDialog>
    </div>
  );
}

/** A link-style button that opens what `children` renders in its place, until that calls `close`. */
function Toggled({ label, children }: { label: string; children(close: () => void): ReactNode }) {
  const [open, setOpen] = useState(false);
  if (open) return children(() => setOpen(false));
  return (
    <button type="button" className="px-2 py-1 text-sm text-accent hover:underline" onClick={() => setOpen(true)}>
      {label}
    </button>
  );
}

/** A folder's name, typed on one line; the server's refusal (a taken name, say) is shown under it. */
function NameForm({ initial, submitLabel, onSubmit, onCancel }: { initial: string; submitLabel: string; onSubmit(name: string): Promise<string | null>; onCancel(): void }) {
  const [name, setName] = useState(initial);
  const [error, setError] = useState("");
  const [busy, setBusy] = useState(false);
  return (
    <form
      className="flex flex-wrap items-center gap-2"
      onSubmit={async (e) => {
        e.preventDefault();
        setBusy(true);
        const problem = await onSubmit(name);
        setBusy(false);
        if (problem) setError(problem);
      }}
    >
      <input
        value={name}
        onChange={(e) => setName(e.target.value)}
        aria-label="Folder name"
        placeholder="Folder name"
        maxLength={FOLDER_NAME_MAX}
        autoFocus
        className="h-8 w-48 rounded-md bg-input px-2 text-sm"
      />
      <button type="submit" className="text-sm text-accent" disabled={busy}>
        {submitLabel}
      </button>
      <button type="button" className="text-sm" onClick={onCancel}>
        Cancel
      </button>
      {error && (
        <p role="alert" className="basis-full text-xs text-danger">
          {error}
        </p>
      )}
    </form>
  );
}
