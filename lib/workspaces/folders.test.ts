import { and, eq } from "drizzle-orm";
import type { Database } from "@/lib/db/client";
import { folders, transcriptions, workspaceMembers } from "@/lib/db/schema";
import { type WorkspaceRole } from "@/lib/roles";
import { TRANSCRIPTION_NOT_FOUND } from "@/lib/transcription/queries";
import { BACKENDS, useOpenedDatabase } from "@/test/support/databases";
import { insertDoneTranscription } from "@/test/support/transcripts";
import { insertUser } from "@/test/support/users";
import { addMember, insertWorkspace, moveIntoWorkspace } from "@/test/support/workspaces";
import {
  FOLDERS_FOR_WORKSPACES,
  FOLDER_NAME_TAKEN,
  FOLDER_NOT_FOUND,
  MAX_FOLDERS_PER_WORKSPACE,
  createFolder,
  deleteFolder,
  fileTranscription,
  listFolders,
  renameFolder,
} from "./folders";
import { ROLE_TOO_LOW, VIEWERS_READ_ONLY, WORKSPACE_NOT_FOUND } from "@/lib/access/roles";

const reason = (p: Promise<unknown>) => p.then(() => null, (e: unknown) => e);
const folderOf = async (db: Database, id: string) => (await db.select({ folderId: transcriptions.folderId }).from(transcriptions).where(eq(transcriptions.id, id)))[0]?.folderId;

/** A workspace with one user of each role, and a stranger. */
async function team(db: Database) {
  const [owner, admin, member, viewer, stranger] = await Promise.all([1, 2, 3, 4, 5].map(() => insertUser(db)));
  const space = await insertWorkspace(db, owner, "Newsroom");
  for (const [userId, role] of [[admin, "admin"], [member, "member"], [viewer, "viewer"]] as Array<[string, WorkspaceRole]>) await addMember(db, space, userId, role);
  return { space, owner, admin, member, viewer, stranger };
}

describe.each(BACKENDS)("workspace folders on %s", (_name, open) => {
  const t = useOpenedDatabase(open);

  it("members make and rename folders, every member lists them by name with their counts, admins delete them", async () => {
    const { space, owner, admin, member, viewer } = await team(t.db);
    const interviews = await createFolder(t.db, member, space, "Interviews");
    const budget = await createFolder(t.db, owner, space, "budget");
    expect(interviews).toMatchObject({ name: "Interviews", workspaceId: space, transcriptions: 0 });

    const call = await insertDoneTranscription(t.db, member, [], "Call");
    await moveIntoWorkspace(t.db, call, space);
    await fileTranscription(t.db, member, call, interviews.id);

    for (const who of [owner, admin, member, viewer]) {
      expect((await listFolders(t.db, who, space)).map((f) => [f.name, f.transcriptions])).toEqual([
        ["budget", 0],
        ["Interviews", 1],
      ]);
    }
    expect(await renameFolder(t.db, member, budget.id, "Budget 2027")).toMatchObject({ id: budget.id, name: "Budget 2027", transcriptions: 0 });

    // A member may not delete; an admin may, and what was in it stays in the workspace, unfiled.
    expect(await reason(deleteFolder(t.db, member, interviews.id))).toMatchObject({ kind: "forbidden", message: ROLE_TOO_LOW.admin });
    await deleteFolder(t.db, admin, interviews.id);
    expect(await folderOf(t.db, call)).toBeNull();
    const [row] = await t.db.select().from(transcriptions).where(eq(transcriptions.id, call));
    expect(row).toMatchObject({ workspaceId: space, deletedAt: null });
    expect((await listFolders(t.db, owner, space)).map((f) => f.name)).toEqual(["Budget 2027"]);
    expect(await reason(renameFolder(t.db, owner, interviews.id, "Again"))).toMatchObject({ kind: "not_found", message: FOLDER_NOT_FOUND });
  });

  it("a folder's name is unique in its workspace, whatever its case; other workspaces may use it", async () => {
    const { space, owner, member } = await team(t.db);
    const other = await insertWorkspace(t.db, owner, "Other");
    const first = await createFolder(t.db, member, space, "Clients");
    const taken = { kind: "conflict", message: FOLDER_NAME_TAKEN };
    expect(await reason(createFolder(t.db, member, space, "Clients"))).toMatchObject(taken);
    expect(await reason(createFolder(t.db, member, space, "CLIENTS"))).toMatchObject(taken);
    const second = await createFolder(t.db, member, space, "Suppliers");
    expect(await reason(renameFolder(t.db, member, second.id, "clients"))).toMatchObject(taken);
    // Renaming to its own name (another case of it) is no clash.
    expect(await renameFolder(t.db, member, first.id, "CLIENTS")).toMatchObject({ name: "CLIENTS" });
    expect(await createFolder(t.db, owner, other, "Clients")).toMatchObject({ workspaceId: other });
  });

  it("viewers, strangers and ex-members can do nothing to folders, and strangers learn nothing", async () => {
    const { space, owner, member, viewer, stranger } = await team(t.db);
    const folder = await createFolder(t.db, owner, space, "Board");
    expect(await reason(createFolder(t.db, viewer, space, "Mine"))).toMatchObject({ kind: "forbidden", message: VIEWERS_READ_ONLY });
    expect(await reason(renameFolder(t.db, viewer, folder.id, "Mine"))).toMatchObject({ kind: "forbidden", message: VIEWERS_READ_ONLY });
    expect(await reason(deleteFolder(t.db, viewer, folder.id))).toMatchObject({ kind: "forbidden" });

    const unknownSpace = { kind: "not_found", message: WORKSPACE_NOT_FOUND };
    const unknownFolder = { kind: "not_found", message: FOLDER_NOT_FOUND };
    expect(await reason(listFolders(t.db, stranger, space))).toMatchObject(unknownSpace);
    expect(await reason(createFolder(t.db, stranger, space, "Spy"))).toMatchObject(unknownSpace);
    expect(await reason(renameFolder(t.db, stranger, folder.id, "Spy"))).toMatchObject(unknownFolder);
    expect(await reason(deleteFolder(t.db, stranger, folder.id))).toMatchObject(unknownFolder);

    await t.db.delete(workspaceMembers).where(and(eq(workspaceMembers.workspaceId, space), eq(workspaceMembers.userId, member)));
    expect(await reason(listFolders(t.db, member, space))).toMatchObject(unknownSpace);
    expect(await reason(renameFolder(t.db, member, folder.id, "Gone"))).toMatchObject(unknownFolder);
    // Made-up ids are not found either, without a lookup that could fail on their shape.
    for (const id of ["not-a-uuid", "", "'; drop table folders; --", "0".repeat(36)]) {
      expect(await reason(renameFolder(t.db, owner, id, "X"))).toMatchObject(unknownFolder);
      expect(await reason(deleteFolder(t.db, owner, id))).toMatchObject(unknownFolder);
    }
    expect((await listFolders(t.db, owner, space)).map((f) => f.name)).toEqual(["Board"]);
  });

  it("a personal space has no folders", async () => {
    const user = await insertUser(t.db);
    expect(await listFolders(t.db, user, null)).toEqual([]);
    expect(await reason(createFolder(t.db, user, null, "Mine"))).toMatchObject({ kind: "unprocessable", message: FOLDERS_FOR_WORKSPACES });
    const own = await insertDoneTranscription(t.db, user, [], "Mine");
    const { space, owner } = await team(t.db);
    const folder = await createFolder(t.db, owner, space, "Theirs");
    expect(await reason(fileTranscription(t.db, user, own, folder.id))).toMatchObject({ kind: "unprocessable", message: FOLDERS_FOR_WORKSPACES });
    // Unfiling is always possible (it is already unfiled).
    expect(await fileTranscription(t.db, user, own, null)).toMatchObject({ id: own, folderId: null });
  });

  it("files only into a folder of the transcription's own workspace; editors file, viewers and strangers cannot", async () => {
    const { space, owner, member, viewer, stranger } = await team(t.db);
    const other = await insertWorkspace(t.db, owner, "Elsewhere");
    const here = await createFolder(t.db, owner, space, "Here");
    const there = await createFolder(t.db, owner, other, "There");
    const call = await insertDoneTranscription(t.db, owner, [], "Call");
    await moveIntoWorkspace(t.db, call, space);

    // Another workspace's folder, even one the caller belongs to, does not exist for this transcription.
    expect(await reason(fileTranscription(t.db, owner, call, there.id))).toMatchObject({ kind: "not_found", message: FOLDER_NOT_FOUND });
    expect(await reason(fileTranscription(t.db, owner, call, "not-a-folder"))).toMatchObject({ kind: "not_found", message: FOLDER_NOT_FOUND });
    expect(await folderOf(t.db, call)).toBeNull();

    expect(await fileTranscription(t.db, member, call, here.id)).toMatchObject({ folderId: here.id, workspaceId: space });
    expect(await reason(fileTranscription(t.db, viewer, call, null))).toMatchObject({ kind: "forbidden", message: VIEWERS_READ_ONLY });
    expect(await reason(fileTranscription(t.db, stranger, call, null))).toMatchObject({ kind: "not_found", message: TRANSCRIPTION_NOT_FOUND });
    expect(await folderOf(t.db, call)).toBe(here.id);
    expect(await fileTranscription(t.db, member, call, null)).toMatchObject({ folderId: null });
  });

  it(`a workspace has at most ${MAX_FOLDERS_PER_WORKSPACE} folders`, async () => {
    const { space, owner } = await team(t.db);
    await t.db.insert(folders).values(Array.from({ length: MAX_FOLDERS_PER_WORKSPACE }, (_, i) => ({ id: crypto.randomUUID(), workspaceId: space, name: `F${i}` })));
    expect(await reason(createFolder(t.db, owner, space, "One more"))).toMatchObject({ kind: "unprocessable", message: expect.stringContaining(`at most ${MAX_FOLDERS_PER_WORKSPACE} folders`) });
  });
});
