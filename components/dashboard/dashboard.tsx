"use client";

import Link from "next/link";
import { useCallback, useRef, useState } from "react";
import { UpgradeButton } from "@/components/billing/upgrade-button";
import { Alert } from "@/components/ui/alert";
import { useLiveTranscriptions } from "@/components/transcription/use-live-transcriptions";
import { call, detailOr } from "@/lib/api/client";
import { SEARCH_TERM_MAX_CHARS, type ApiTranscription, type TranscriptionOptions } from "@/lib/api/contract/transcription";
import type { ApiFolder } from "@/lib/api/contract/folders";
import { listFolders } from "@/lib/api/endpoints/folders";
import { cancelTranscription, deleteTranscription, renameTranscription, transcriptionOptions } from "@/lib/api/endpoints/transcription";
import type { WorkspaceChoice } from "@/lib/api/contract/workspaces";
import { useApi } from "@/lib/api/use-api";
import { EngineNotes } from "./engine-notes";
import { UploadChoicesFields, useUploadChoices } from "./upload-choices";
import { RecordChoice } from "@/components/recordings/record-choice";
import { recordingFileName, type UploadRecording } from "@/components/recordings/audio-input";
import { DeletedNotice } from "./deleted-notice";
import { FolderBar, inFilter, type FolderFilter } from "./folder-bar";
import { MoveDialog, type Destination } from "./move-dialog";
import { useMoveDestinations } from "./use-move-destinations";
import { placed } from "./list-order";
import { TranscriptionRow, type RowChanges } from "./transcription-row";
import { UploadList } from "@/components/uploads/upload-list";
import { UploadPanel } from "@/components/uploads/upload-panel";
import { useSearchedList } from "./use-searched-list";
import { ViewerNote } from "./viewer-note";
import { useUploads } from "@/components/uploads/use-uploads";
import { UsageMeter } from "./usage-meter";
import { mayChangeIn, mayDeleteIn } from "@/lib/roles";

interface DashboardProps {
  initial: ApiTranscription[];
  options: TranscriptionOptions;
  /** when the server read `initial`: live updates start there */
  renderedAt: string;
  /** the workspace shown, with the user's role in it; null or left out: the personal space */
  workspace?: WorkspaceChoice | null;
  /** the signed-in user's id: in a workspace, the uploader may delete what they added */
  userId: string;
}

const PREPARING_REFRESH_MS = 3000;
const NO_FOLDERS: ApiFolder[] = [];

export function Dashboard({ initial, options: initialOptions, renderedAt, workspace = null, userId }: DashboardProps) {
  const [items, setItems] = useState(initial);
  const optionsQuery = useApi(transcriptionOptions, {}, {
    fallbackData: initialOptions,
    revalidateOnMount: false,
    // While the speech engine's model downloads, its progress is shown and refreshed.
    refreshInterval: (latest) => (latest?.engine_preparing != null ? PREPARING_REFRESH_MS : 0),
  });
  const options = optionsQuery.data ?? initialOptions;
  const choices = useUploadChoices(initialOptions);
  const { language, choices: choicesFor } = choices;
  const [query, setQuery] = useState("");
  const [notice, setNotice] = useState("");
  const [removed, setRemoved] = useState<ReadonlySet<string>>(new Set());
  // The transcription just moved to Recently deleted: its notice offers Undo.
  const [deleted, setDeleted] = useState<ApiTranscription | null>(null);
  const [folderFilter, setFolderFilter] = useState<FolderFilter>("all");
  const [moving, setMoving] = useState<ApiTranscription | null>(null);
  const foldersQuery = useApi(listFolders, workspace ? {} : null);
  const folders = foldersQuery.data?.folders ?? NO_FOLDERS;

  const { mutate: refetchOptions } = optionsQuery;
  const refreshOptions = useCallback(() => void refetchOptions(), [refetchOptions]);

  // The usage meter follows the server's count, which moves with a transcription's status: a new
  // one reserves its length, the worker settles it on reading the audio, and a failed or
  // canceled one gives it back. So a new row or a changed status reads the usage again.
  const statuses = useRef(new Map(initial.map((t) => [t.id, t.status])));
  const merge = useCallback(
    (t: ApiTranscription) => {
      const before = statuses.current.get(t.id);
      statuses.current.set(t.id, t.status);
      setItems((list) => (list.some((x) => x.id === t.id) ? list.map((x) => (x.id === t.id ? t : x)) : placed(list, t)));
      if (before !== t.status) refreshOptions();
    },
    [refreshOptions],
  );
  useLiveTranscriptions(merge, renderedAt);

  const { term, shown } = useSearchedList(items, query, removed, renderedAt);
  const listed = workspace ? shown.filter((t) => inFilter(t, folderFilter)) : shown;

  const { fileable, otherSpaces, manages, canMove } = useMoveDestinations(workspace, folders);

  const uploads = useUploads(
    { maxUploadMb: options.max_upload_mb, remainingS: options.usage.remaining_s, planName: options.plan_name },
    options.upload_route,
    merge,
    refreshOptions,
  );
  const { add: addUpload } = uploads;
  const send = useCallback(
    (file: Blob, name: string, source: "upload" | "recording", settled?: (uploaded: boolean) => void) => {
      // A new transcription is unfiled: show it, rather than leave it hidden behind a folder filter.
      setFolderFilter("all");
      addUpload(file, name, choicesFor(source), settled);
    },
    [addUpload, choicesFor],
  );

  const onRecorded = useCallback<UploadRecording>(
    (blob, mode, settled) => send(blob, recordingFileName(blob, mode), "recording", settled),
    [send],
  );

  async function rename(id: string, title: string): Promise<string | null> {
    const result = await call(renameTranscription, { params: { id }, body: { title } });
    if (!result.ok) return detailOr(result, "The title could not be saved.");
    merge(result.data);
    return null;
  }

  /** called once the row's confirm dialog is accepted */
  async function remove(t: ApiTranscription): Promise<string | null> {
    const result = await call(deleteTranscription, { params: { id: t.id } });
    if (!result.ok) return detailOr(result, "The transcription could not be deleted. Try again.");
    setItems((list) => list.filter((x) => x.id !== t.id));
    setRemoved((ids) => new Set(ids).add(t.id));
    setNotice("");
    setDeleted(t);
    void refreshOptions();
    return null;
  }

  /** Undo of a delete: the row is back in its place. */
  function restored(t: ApiTranscription) {
    setDeleted(null);
    setRemoved((ids) => new Set([...ids].filter((id) => id !== t.id)));
    merge(t);
    setNotice(`“${t.title}” was restored.`);
  }

  function moved(t: ApiTranscription, to: Destination) {
    setMoving(null);
    if (to.kind === "folder") {
      merge(t);
      void foldersQuery.mutate();
      return;
    }
    // Gone from this space: it is listed in the other one.
    setItems((list) => list.filter((x) => x.id !== t.id));
    setRemoved((ids) => new Set(ids).add(t.id));
    setNotice(`“${t.title}” was moved to ${to.name}.`);
    void foldersQuery.mutate();
  }

  /** A folder was deleted: its rows are unfiled (the server did the same), and the list shows all again. */
  function unfiled(folderId: string) {
    setItems((list) => list.map((x) => (x.folder_id === folderId ? { ...x, folder_id: null } : x)));
    setFolderFilter("all");
    void foldersQuery.mutate();
  }

  async function cancel(id: string): Promise<string | null> {
    const result = await call(cancelTranscription, { params: { id } });
    void refreshOptions();
    if (!result.ok) return detailOr(result, "The transcription could not be canceled. Try again.");
    merge(result.data);
    return null;
  }

  // The rules the server applies (lib/roles.ts): in a workspace, roles above viewer change; admins and the uploader delete.
  const mayChange = workspace ? mayChangeIn(workspace.role) : true;
  const changesOf = (t: ApiTranscription): RowChanges | undefined => {
    if (!mayChange) return undefined;
    const deletes = !workspace || mayDeleteIn(workspace.role, t.uploader_id === userId);
    return { onRename: rename, onCancel: cancel, onDelete: deletes ? remove : undefined };
  };

  return (
    <div className="flex flex-col gap-8">
      {!mayChange && workspace ? (
        <ViewerNote workspaceName={workspace.name} />
      ) : (
        <section aria-labelledby="new-heading" className="rounded-xl border border-border bg-card p-5">
          <div className="flex flex-wrap items-end justify-between gap-4">
            <h2 id="new-heading" className="text-lg font-semibold">New transcription</h2>
            {options.engine && (
              <UploadChoicesFields options={options} state={choices} />
            )}
          </div>
          {options.engine ? (
            <div className="mt-4 grid gap-6 md:grid-cols-2">
              {/* Progress and refusals right under the picker: where the eye is after choosing, on a phone too. */}
              <div>
                <UploadPanel onFiles={(files) => files.forEach((f) => send(f, f.name, "upload"))} />
                <UploadList
                  items={uploads.items}
                  onCancel={uploads.cancel}
                  onDismiss={uploads.dismiss}
                  onResume={uploads.resume}
                  onStartOver={uploads.startOver}
                  onSendFirstPart={uploads.sendFirstPart}
                />
              </div>
              <RecordChoice userId={userId} spaceId={workspace?.id ?? null}
                live={options.live_transcription}
                allowTabMic={options.record_tab_mic}
                language={language || null}
                vocabulary={choicesFor("recording").vocabulary}
                onSaved={merge}
                onDiscarded={(id) => {
                  setItems((list) => list.filter((x) => x.id !== id));
                  void refreshOptions();
                }}
                onRecorded={onRecorded}
              />
            </div>
          ) : (
            options.engine_preparing === null && (
              <div className="mt-4">
                <Alert>{options.engine_problem ?? "No speech engine is configured."}</Alert>
              </div>
            )
          )}
          <EngineNotes options={options} />
          <div className="mt-5 flex flex-wrap items-center gap-x-4 gap-y-2">
            <div className="min-w-0 flex-1 basis-64">
              <UsageMeter usage={options.usage} planName={options.plan_name} />
            </div>
            {options.can_upgrade && <UpgradeButton />}
          </div>
        </section>
      )}

      <section aria-labelledby="list-heading">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <div className="flex flex-wrap items-baseline gap-x-4">
            <h2 id="list-heading" className="text-lg font-semibold">
              {/* Which space the list shows: the switcher in the top bar changes it. */}
              {workspace ? `${workspace.name} — workspace` : "Your transcriptions"}
            </h2>
            <Link href="/dashboard/deleted" className="text-sm text-accent hover:underline">
              Recently deleted
            </Link>
          </div>
          <input
            type="search"
            placeholder="Search titles and text"
            aria-label="Search transcriptions"
            maxLength={SEARCH_TERM_MAX_CHARS}
            value={query}
            onChange={(e) => setQuery(e.target.value)}
            className="h-10 w-full rounded-t-md border-0 border-b-2 border-border bg-input px-3 sm:w-72"
          />
        </div>
        {notice && <div className="mt-3"><Alert tone="info">{notice}</Alert></div>}
        {deleted && (
          <div className="mt-3">
            <DeletedNotice key={deleted.id} deleted={deleted} onRestored={restored} />
          </div>
        )}
        {workspace && (
          <FolderBar
            folders={folders}
            rows={shown}
            filter={folderFilter}
            onFilter={setFolderFilter}
            canEdit={mayChangeIn(workspace.role)}
            canDelete={manages}
            onChanged={() => void foldersQuery.mutate()}
            onDeleted={unfiled}
          />
        )}
        {listed.length === 0 ? (
          <div className="mt-4 flex flex-col items-center rounded-xl border-2 border-dashed border-border px-6 py-12 text-center">
            <p className="text-lg font-medium">{term ? "Nothing matches your search" : shown.length > 0 ? "Nothing in this folder" : "No transcriptions yet"}</p>
            <p className="mt-1 max-w-md text-sm text-muted-foreground">
              {term
                ? "Try other words."
                : shown.length > 0
                  ? "Move a transcription here with its Move… action."
                  : mayChange
                    ? "Upload a file or record above; the transcript appears here with its date, length, language and status."
                    : "The workspace's transcripts appear here when its members add them."}
            </p>
          </div>
        ) : (
          <ul className="mt-4 divide-y divide-border rounded-xl border border-border bg-card">
            {listed.map((t) => (
              <TranscriptionRow key={t.id} t={t} changes={changesOf(t)} onMove={canMove ? setMoving : undefined} />
            ))}
          </ul>
        )}
        {moving && <MoveDialog t={moving} workspace={workspace} folders={fileable} spaces={otherSpaces} onClose={() => setMoving(null)} onMoved={moved} />}
      </section>
    </div>
  );
}
