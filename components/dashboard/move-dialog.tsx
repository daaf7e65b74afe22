"use client";

import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Modal, ModalClose } from "@/components/ui/modal";
import { call, detailOr } from "@/lib/api/client";
import type { ApiFolder } from "@/lib/api/contract/folders";
import type { ApiTranscription } from "@/lib/api/contract/transcription";
import type { WorkspaceChoice } from "@/lib/api/contract/workspaces";
import { moveTranscription } from "@/lib/api/endpoints/folders";

/** Where a transcription can go: a folder of its workspace (null: unfiled), or another space (null: personal). */
export type Destination = { kind: "folder"; folderId: string | null } | { kind: "space"; workspaceId: string | null; name: string };

interface MoveDialogProps {
  t: ApiTranscription;
  /** the workspace the dashboard shows; null: the personal space */
  workspace: WorkspaceChoice | null;
  /** its folders, when the user may file (not a viewer); empty otherwise */
  folders: ApiFolder[];
  /** other spaces the user may move it to (they manage it, and are at least a member there) */
  spaces: Destination[];
  onClose(): void;
  /** the server's row after the change, and where it went */
  onMoved(t: ApiTranscription, to: Destination): void;
}

const keyOf = (d: Destination) => (d.kind === "folder" ? `folder:${d.folderId ?? ""}` : `space:${d.workspaceId ?? ""}`);

/**
 * "Move…" of a row: into a folder of this workspace, or to another space. The server decides
 * (lib/workspaces/move.ts); the choices offered are only those it would accept.
 */
export function MoveDialog({ t, workspace, folders, spaces, onClose, onMoved }: MoveDialogProps) {
  const [chosen, setChosen] = useState<string>("");
  const [error, setError] = useState("");
  const [busy, setBusy] = useState(false);
  const folderChoices: Destination[] = workspace && folders.length ? [{ kind: "folder", folderId: null }, ...folders.map((f) => ({ kind: "folder" as const, folderId: f.id }))] : [];
  const current = keyOf({ kind: "folder", folderId: t.folder_id });
  const all = [...folderChoices, ...spaces];
  const target = all.find((d) => keyOf(d) === chosen);
  const folderName = (id: string | null) => (id === null ? "Unfiled" : (folders.find((f) => f.id === id)?.name ?? "Folder"));

  async function move() {
    if (!target) return;
    setBusy(true);
    const body =
      target.kind === "folder" ? { workspace_id: workspace?.id ?? null, folder_id: target.folderId } : { workspace_id: target.workspaceId, folder_id: null };
    const result = await call(moveTranscription, { params: { id: t.id }, body });
    setBusy(false);
    if (!result.ok) {
      setError(detailOr(result, "The transcription could not be moved."));
      return;
    }
    onMoved(result.data, target);
  }

  return (
    <Modal open onOpenChange={(open) => !open && onClose()} title={`Move “${t.title}”`}>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void move();
        }}
        className="flex flex-col gap-4"
      >
        {folderChoices.length > 0 && (
          <fieldset className="flex flex-col gap-1">
            <legend className="mb-1 text-sm font-medium">Folder in {workspace?.name}</legend>
            {folderChoices.map((d) => (
              <Choice key={keyOf(d)} value={keyOf(d)} chosen={chosen} onChoose={setChosen} current={keyOf(d) === current}>
                {d.kind === "folder" ? folderName(d.folderId) : ""}
              </Choice>
            ))}
          </fieldset>
        )}
        {spaces.length > 0 && (
          <fieldset className="flex flex-col gap-1">
            <legend className="mb-1 text-sm font-medium">Another space</legend>
            {spaces.map((d) => (
              <Choice key={keyOf(d)} value={keyOf(d)} chosen={chosen} onChoose={setChosen} current={false}>
                {d.kind === "space" ? d.name : ""}
              </Choice>
            ))}
            <p className="text-xs text-muted-foreground">Its hours stay counted where they were used. In another space it leaves its folder.</p>
          </fieldset>
        )}
        {error && (
          <p role="alert" className="text-sm text-danger">
            {error}
          </p>
        )}
        <div className="flex justify-end gap-2">
          <ModalClose asChild>
            <Button variant="secondary" type="button">
              Cancel
            </Button>
          </ModalClose>
          <Button type="submit" disabled={busy || !target || chosen === current}>
            Move
          </Button>
        </div>
      </form>
    </Modal>
  );
}

function Choice({ value, chosen, onChoose, current, children }: { value: string; chosen: string; onChoose(value: string): void; current: boolean; children: string }) {
  return (
    <label className="flex items-center gap-2 text-sm">
      <input type="radio" name="destination" value={value} checked={chosen === value} onChange={() => onChoose(value)} />
      <span>
        {children}
        {current && <span className="text-muted-foreground"> (current)</span>}
      </span>
    </label>
  );
}
