/**
 * Folders organise a workspace's transcriptions. A personal space has none: it is one
 * person's, whose own list and search are enough, while folders are how a team agrees where
 * things go. Every member reads a workspace's folders; members and above make and rename
 * them; only its owner and admins delete one (which unfiles what was in it, nothing else).
 */
import { randomUUID } from "node:crypto";
import { and, asc, count, eq, isNull, ne, sql } from "drizzle-orm";
import type { ApiFolder } from "@/lib/api/contract/folders";
import type { Database, Tx } from "@/lib/db/client";
import { isForeignKeyViolation, isUniqueViolation } from "@/lib/db/errors";
import { folders, transcriptions, workspaceMembers, type Folder, type Transcription } from "@/lib/db/schema";
import { type WorkspaceRole } from "@/lib/roles";
import { DomainError } from "@/lib/errors/domain-error";
import { editableTranscription } from "@/lib/transcription/queries";
import { ID_SHAPE } from "@/lib/access/space-manager";
import { requireWithin, type Within } from "@/lib/access/visibility";
import { ROLE_TOO_LOW, requireRole } from "@/lib/access/roles";
import { atLeast } from "@/lib/roles";

export const FOLDER_NOT_FOUND = "This folder does not exist.";
export const FOLDER_NAME_TAKEN = "A folder with this name already exists.";
export const FOLDERS_FOR_WORKSPACES = "Folders are for workspaces.";
/** Enough for any team's filing; a bound, so that a script cannot grow the folder bar without end. */
export const MAX_FOLDERS_PER_WORKSPACE = 200;
const TOO_MANY = `A workspace can have at most ${MAX_FOLDERS_PER_WORKSPACE} folders. Delete one first.`;

/** Folder ids are UUIDs: anything else names no folder, and is not looked up. */

interface FolderWithCount extends Folder {
  transcriptions: number;
}

export function toApiFolder(f: FolderWithCount): ApiFolder {
  return { id: f.id, name: f.name, transcriptions: f.transcriptions, created_at: f.createdAt.toISOString() };
}

/** The folders of a space, by name, with how many transcriptions each holds. A personal space (null) has none. */
export async function listFolders(database: Database, userId: string, workspaceId: string | null): Promise<FolderWithCount[]> {
  if (!workspaceId) return [];
  await requireRole(database, userId, workspaceId, "viewer");
  // Counted as its members see them: not those in Recently deleted.
  const rows = await database
    .select({ id: folders.id, workspaceId: folders.workspaceId, name: folders.name, createdAt: folders.createdAt, transcriptions: count(transcriptions.id) })
    .from(folders)
    .leftJoin(transcriptions, and(eq(transcriptions.folderId, folders.id), isNull(transcriptions.deletedAt)))
    .where(eq(folders.workspaceId, workspaceId))
    .groupBy(folders.id)
    .orderBy(asc(sql`lower(${folders.name})`), asc(folders.name));
  return rows.map((row) => ({ ...row, transcriptions: Number(row.transcriptions) }));
}

/**
 * The folder `id` with the user's role in its workspace. A folder of a workspace the user is
 * not (or no longer) a member of does not exist for them (404, never 403: nothing is learnt).
 */
async function reachableFolder(database: Database | Tx, userId: string, id: string, within?: Within): Promise<{ folder: Folder; role: WorkspaceRole }> {
  if (!ID_SHAPE.test(id)) throw new DomainError("not_found", FOLDER_NOT_FOUND);
  const [row] = await database
    .select({ folder: folders, role: workspaceMembers.role })
    .from(folders)
    .innerJoin(workspaceMembers, and(eq(workspaceMembers.workspaceId, folders.workspaceId), eq(workspaceMembers.userId, userId)))
    .where(eq(folders.id, id));
  if (!row) throw new DomainError("not_found", FOLDER_NOT_FOUND);
  requireWithin(within, row.folder.workspaceId, FOLDER_NOT_FOUND);
  return { folder: row.folder, role: row.role as WorkspaceRole };
}

function requireAtLeast(role: WorkspaceRole, least: Exclude<WorkspaceRole, "viewer">): void {
  if (!atLeast(role, least)) throw new DomainError("forbidden", ROLE_TOO_LOW[least]);
}

/**
 * Whether another folder of the workspace has this name. Compared without case: "Budget" and
 * "budget" side by side in the folder bar would be one folder to a reader. (The unique index,
 * which also catches two creations racing past this check, is exact.)
 */
async function nameTaken(database: Database, workspaceId: string, name: string, exceptId?: string): Promise<boolean> {
  const [row] = await database
    .select({ id: folders.id })
    .from(folders)
    .where(and(eq(folders.workspaceId, workspaceId), eq(sql`lower(${folders.name})`, name.toLowerCase()), exceptId ? ne(folders.id, exceptId) : undefined))
    .limit(1);
  return Boolean(row);
}

async function withCount(database: Database, folder: Folder): Promise<FolderWithCount> {
  const [row] = await database
    .select({ n: count() })
    .from(transcriptions)
    .where(and(eq(transcriptions.folderId, folder.id), isNull(transcriptions.deletedAt)));
  return { ...folder, transcriptions: Number(row?.n ?? 0) };
}

/** A new, empty folder in the workspace (`name` is already one line of 1–60 characters: the contract's FolderName). */
export async function createFolder(database: Database, userId: string, workspaceId: string | null, name: string): Promise<FolderWithCount> {
  if (!workspaceId) throw new DomainError("unprocessable", FOLDERS_FOR_WORKSPACES);
  await requireRole(database, userId, workspaceId, "member");
  const [{ n }] = await database.select({ n: count() }).from(folders).where(eq(folders.workspaceId, workspaceId));
  if (n >= MAX_FOLDERS_PER_WORKSPACE) throw new DomainError("unprocessable", TOO_MANY);
  if (await nameTaken(database, workspaceId, name)) throw new DomainError("conflict", FOLDER_NAME_TAKEN);
  try {
    const [folder] = await database.insert(folders).values({ id: randomUUID(), workspaceId, name }).returning();
    return { ...folder, transcriptions: 0 };
  } catch (error) {
    if (isUniqueViolation(error)) throw new DomainError("conflict", FOLDER_NAME_TAKEN);
    throw error;
  }
}

export async function renameFolder(database: Database, userId: string, id: string, name: string, within?: Within): Promise<FolderWithCount> {
  const { folder, role } = await reachableFolder(database, userId, id, within);
  requireAtLeast(role, "member");
  if (await nameTaken(database, folder.workspaceId, name, folder.id)) throw new DomainError("conflict", FOLDER_NAME_TAKEN);
  let renamed: Folder | undefined;
  try {
    [renamed] = await database.update(folders).set({ name }).where(eq(folders.id, folder.id)).returning();
  } catch (error) {
    if (isUniqueViolation(error)) throw new DomainError("conflict", FOLDER_NAME_TAKEN);
    throw error;
  }
  if (!renamed) throw new DomainError("not_found", FOLDER_NOT_FOUND);
  return withCount(database, renamed);
}

/**
 * Deletes the folder; its transcriptions stay in the workspace, unfiled. They are unfiled here
 * rather than by the foreign key's `set null` so that their `updated_at` moves, and the other
 * members' open dashboards (which follow changes by it) see them leave the folder.
 */
export async function deleteFolder(database: Database, userId: string, id: string, within?: Within): Promise<void> {
  const { folder, role } = await reachableFolder(database, userId, id, within);
  requireAtLeast(role, "admin");
  await database.transaction(async (tx) => {
    await tx.update(transcriptions).set({ folderId: null }).where(eq(transcriptions.folderId, folder.id));
    await tx.delete(folders).where(eq(folders.id, folder.id));
  });
}

/**
 * The folder a transcription of `workspaceId` may be filed in: one of that same workspace.
 * Any other (another workspace's, a deleted one, a made-up id) does not exist for it.
 */
export async function folderOfWorkspace(database: Database | Tx, workspaceId: string | null, folderId: string): Promise<Folder> {
  if (!workspaceId) throw new DomainError("unprocessable", FOLDERS_FOR_WORKSPACES);
  if (!ID_SHAPE.test(folderId)) throw new DomainError("not_found", FOLDER_NOT_FOUND);
  const [folder] = await database.select().from(folders).where(and(eq(folders.id, folderId), eq(folders.workspaceId, workspaceId)));
  if (!folder) throw new DomainError("not_found", FOLDER_NOT_FOUND);
  return folder;
}

/**
 * Files the transcription in a folder of its own workspace, or unfiles it (null). Anyone who
 * may edit it may (not a viewer): filing is organising, not managing.
 */
export async function fileTranscription(database: Database, userId: string, transcriptionId: string, folderId: string | null): Promise<Transcription> {
  const t = await editableTranscription(database, userId, transcriptionId);
  if (folderId !== null) await folderOfWorkspace(database, t.workspaceId, folderId);
  // The workspace is in the condition too: a move that raced this one leaves the row unfiled, not filed in a folder of another workspace.
  let row: Transcription | undefined;
  try {
    [row] = await database
      .update(transcriptions)
      .set({ folderId })
      .where(and(eq(transcriptions.id, t.id), t.workspaceId ? eq(transcriptions.workspaceId, t.workspaceId) : isNull(transcriptions.workspaceId)))
      .returning();
  } catch (error) {
    // The folder was deleted between the check and the write.
    if (isForeignKeyViolation(error)) throw new DomainError("not_found", FOLDER_NOT_FOUND);
    throw error;
  }
  if (!row) throw new DomainError("conflict", "This transcription was just moved to another space. Reload and try again.");
  return row;
}
