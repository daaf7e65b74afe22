/**
 * Moving a transcription between spaces: from the personal space into a workspace, back, or
 * from one workspace to another. Only rows change — the audio stays under its key, and a
 * queued or running job goes on with the row wherever it now is.
 */
import type { Within } from "@/lib/access/visibility";
import { and, eq, isNull, sql } from "drizzle-orm";
import type { Database } from "@/lib/db/client";
import { isForeignKeyViolation } from "@/lib/db/errors";
import { transcriptions, type Transcription } from "@/lib/db/schema";
import { DomainError } from "@/lib/errors/domain-error";
import { readableTranscription } from "@/lib/transcription/queries";
import { FOLDER_NOT_FOUND, fileTranscription, folderOfWorkspace } from "./folders";
import { WORKSPACE_NOT_FOUND, mayManage, requireRole } from "@/lib/access/roles";

export const MOVE_NOT_ALLOWED = "Only the workspace's owner and admins can move its transcriptions to another space.";
const KEY_STAYS_IN_SPACE = "An API key works in the space it was made for: it can file transcriptions in that space's folders, not move them to another space.";
export const RECORDING_MOVES_WITH_RECORDER = "A recording in progress can only be moved by the person recording it. Try again once it has stopped.";
const MOVED_MEANWHILE = "This transcription was just moved or deleted. Reload and try again.";

interface Location {
  /** null: the caller's personal space */
  workspaceId: string | null;
  /** null: unfiled */
  folderId: string | null;
}

/**
 * Puts the transcription where `to` says. In its own workspace that is filing it (anyone who
 * may edit it); into another space it is a move: the caller must manage it (its uploader in a
 * personal space, a workspace's owner or admins) and be at least a member of the target, whose
 * folder (if one is given) must be the target's own. A move leaves the folder of the old
 * workspace behind.
 */
export async function relocateTranscription(database: Database, userId: string, id: string, to: Location, within?: Within): Promise<Transcription> {
  const t = await readableTranscription(database, userId, id, within);
  // A key works in the one space it was made for: it files there, and moves nothing out.
  if (within && to.workspaceId !== within.space) throw new DomainError("forbidden", KEY_STAYS_IN_SPACE);
  if (to.workspaceId === t.workspaceId) return fileTranscription(database, userId, id, to.folderId);
  return moveTranscription(database, userId, t, to);
}

async function moveTranscription(database: Database, userId: string, t: Transcription, to: Location): Promise<Transcription> {
  if (!(await mayManage(database, userId, t))) throw new DomainError("forbidden", MOVE_NOT_ALLOWED);
  if (to.workspaceId) await requireRole(database, userId, to.workspaceId, "member");
  if (to.folderId !== null) await folderOfWorkspace(database, to.workspaceId, to.folderId);
  // A recording's recorder keeps writing to it (lib/recordings/recording.ts checks that it is theirs
  // and that they may edit it): a move by anyone else could cut them off mid-sentence.
  if (t.status === "recording" && t.userId !== userId) throw new DomainError("conflict", RECORDING_MOVES_WITH_RECORDER);

  let row: Transcription | undefined;
  try {
    [row] = await database
      .update(transcriptions)
      .set({
        workspaceId: to.workspaceId,
        folderId: to.folderId,
        // Into the caller's personal space it becomes theirs; a workspace keeps its uploader.
        userId: to.workspaceId ? t.userId : userId,
        // Who paid stays who paid: the hours were spent when it was made, and a refund (a
        // cancel) goes back to them. Null meant "the uploader", who may change above, so it
        // is written down now (SET reads the row as it was before this update).
        billedUserId: sql`coalesce(${transcriptions.billedUserId}, ${transcriptions.userId})`,
      })
      .where(
        and(
          eq(transcriptions.id, t.id),
          isNull(transcriptions.deletedAt),
          t.workspaceId ? eq(transcriptions.workspaceId, t.workspaceId) : isNull(transcriptions.workspaceId),
        ),
      )
      .returning();
  } catch (error) {
    // The folder (or the workspace) was deleted between the check and the write.
    if (isForeignKeyViolation(error)) throw new DomainError("not_found", to.folderId ? FOLDER_NOT_FOUND : WORKSPACE_NOT_FOUND);
    throw error;
  }
  if (!row) throw new DomainError("conflict", MOVED_MEANWHILE);
  return row;
}
