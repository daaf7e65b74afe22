import { and, eq } from "drizzle-orm";
import type { Database } from "@/lib/db/client";
import { jobs, transcriptions, workspaceMembers } from "@/lib/db/schema";
import { type WorkspaceRole } from "@/lib/roles";
import { listTranscriptions, TRANSCRIPTION_NOT_FOUND } from "@/lib/transcription/queries";
import { BACKENDS, useOpenedDatabase } from "@/test/support/databases";
import { insertDoneTranscription } from "@/test/support/transcripts";
import { insertUser } from "@/test/support/users";
import { addMember, insertWorkspace, moveIntoWorkspace } from "@/test/support/workspaces";
import { FOLDERS_FOR_WORKSPACES, FOLDER_NOT_FOUND, createFolder, fileTranscription } from "./folders";
import { MOVE_NOT_ALLOWED, RECORDING_MOVES_WITH_RECORDER, relocateTranscription } from "./move";
import { VIEWERS_READ_ONLY, WORKSPACE_NOT_FOUND } from "@/lib/access/roles";

const reason = (p: Promise<unknown>) => p.then(() => null, (e: unknown) => e);
const rowOf = async (db: Database, id: string) => (await db.select().from(transcriptions).where(eq(transcriptions.id, id)))[0];

/** Two workspaces: "A" with one user of each role, "B" where A's admin and member are members too. */
async function teams(db: Database) {
  const [owner, admin, member, viewer, stranger, exMember] = await Promise.all([1, 2, 3, 4, 5, 6].map(() => insertUser(db)));
  const a = await insertWorkspace(db, owner, "A");
  for (const [userId, role] of [[admin, "admin"], [member, "member"], [viewer, "viewer"], [exMember, "admin"]] as Array<[string, WorkspaceRole]>) await addMember(db, a, userId, role);
  const b = await insertWorkspace(db, stranger, "B");
  await addMember(db, b, admin, "member");
  await addMember(db, b, member, "member");
  await addMember(db, b, viewer, "viewer");
  return { a, b, owner, admin, member, viewer, stranger, exMember };
}

describe.each(BACKENDS)("moving transcriptions between spaces on %s", (_name, open) => {
  const t = useOpenedDatabase(open);

  it("from the personal space into a workspace: by its uploader, into a workspace where they are at least a member", async () => {
    const { a, b, member, viewer, stranger } = await teams(t.db);
    const mine = await insertDoneTranscription(t.db, member, [], "Mine");
    const moved = await relocateTranscription(t.db, member, mine, { workspaceId: a, folderId: null });
    // Still its uploader's; the hours it used stay theirs.
    expect(moved).toMatchObject({ workspaceId: a, folderId: null, userId: member, billedUserId: member });
    expect((await listTranscriptions(t.db, member, null)).map((x) => x.id)).not.toContain(mine);
    expect((await listTranscriptions(t.db, viewer, a)).map((x) => x.id)).toContain(mine);

    // A viewer's own upload cannot go where they only read; a workspace they are not in does not exist for them.
    const viewers = await insertDoneTranscription(t.db, viewer, [], "Viewer's");
    expect(await reason(relocateTranscription(t.db, viewer, viewers, { workspaceId: b, folderId: null }))).toMatchObject({ kind: "forbidden", message: VIEWERS_READ_ONLY });
    const strangers = await insertDoneTranscription(t.db, stranger, [], "Stranger's");
    expect(await reason(relocateTranscription(t.db, stranger, strangers, { workspaceId: a, folderId: null }))).toMatchObject({ kind: "not_found", message: WORKSPACE_NOT_FOUND });
    expect(await reason(relocateTranscription(t.db, stranger, strangers, { workspaceId: "no-such-workspace", folderId: null }))).toMatchObject({ kind: "not_found", message: WORKSPACE_NOT_FOUND });
    expect(await rowOf(t.db, strangers)).toMatchObject({ workspaceId: null, userId: stranger });
    // Someone else's personal transcription is not found at all.
    expect(await reason(relocateTranscription(t.db, member, strangers, { workspaceId: a, folderId: null }))).toMatchObject({ kind: "not_found", message: TRANSCRIPTION_NOT_FOUND });
  });

  it("out of a workspace: only its owner and admins; into the caller's personal space it becomes theirs, and who paid stays", async () => {
    const { a, owner, admin, member, viewer, stranger } = await teams(t.db);
    const folder = await createFolder(t.db, owner, a, "Board");
    const call = await insertDoneTranscription(t.db, member, [], "Call");
    await moveIntoWorkspace(t.db, call, a);
    await t.db.update(transcriptions).set({ billedUserId: owner }).where(eq(transcriptions.id, call));
    await fileTranscription(t.db, member, call, folder.id);

    const personal = { workspaceId: null, folderId: null };
    expect(await reason(relocateTranscription(t.db, member, call, personal))).toMatchObject({ kind: "forbidden", message: MOVE_NOT_ALLOWED });
    expect(await reason(relocateTranscription(t.db, viewer, call, personal))).toMatchObject({ kind: "forbidden", message: MOVE_NOT_ALLOWED });
    expect(await reason(relocateTranscription(t.db, stranger, call, personal))).toMatchObject({ kind: "not_found", message: TRANSCRIPTION_NOT_FOUND });
    expect(await rowOf(t.db, call)).toMatchObject({ workspaceId: a, folderId: folder.id, userId: member });

    const moved = await relocateTranscription(t.db, admin, call, personal);
    expect(moved).toMatchObject({ workspaceId: null, folderId: null, userId: admin, billedUserId: owner });
    expect((await listTranscriptions(t.db, admin, null)).map((x) => x.id)).toContain(call);
    expect((await listTranscriptions(t.db, member, a)).map((x) => x.id)).not.toContain(call);
    expect(await reason(relocateTranscription(t.db, member, call, { workspaceId: a, folderId: null }))).toMatchObject({ kind: "not_found" });
  });

  it("a personal transcription that never had a payer keeps its uploader as the payer when it changes hands", async () => {
    const { a, admin, member } = await teams(t.db);
    const own = await insertDoneTranscription(t.db, member, [], "Own");
    await relocateTranscription(t.db, member, own, { workspaceId: a, folderId: null });
    expect(await relocateTranscription(t.db, admin, own, { workspaceId: null, folderId: null })).toMatchObject({ userId: admin, billedUserId: member });
  });

  it("between workspaces: an admin of the source who is at least a member of the target; its folder there may be chosen, never another's", async () => {
    const { a, b, owner, admin, member, stranger } = await teams(t.db);
    const inA = await createFolder(t.db, owner, a, "Source folder");
    const inB = await createFolder(t.db, stranger, b, "Target folder");
    const call = await insertDoneTranscription(t.db, member, [], "Call");
    await moveIntoWorkspace(t.db, call, a);
    await fileTranscription(t.db, member, call, inA.id);

    // The owner of A is not in B: B does not exist for them.
    expect(await reason(relocateTranscription(t.db, owner, call, { workspaceId: b, folderId: null }))).toMatchObject({ kind: "not_found", message: WORKSPACE_NOT_FOUND });
    // A member of both may not move it out of A.
    expect(await reason(relocateTranscription(t.db, member, call, { workspaceId: b, folderId: null }))).toMatchObject({ kind: "forbidden", message: MOVE_NOT_ALLOWED });
    // A folder of the source is no folder of the target.
    expect(await reason(relocateTranscription(t.db, admin, call, { workspaceId: b, folderId: inA.id }))).toMatchObject({ kind: "not_found", message: FOLDER_NOT_FOUND });
    // Into the personal space, no folder at all.
    expect(await reason(relocateTranscription(t.db, admin, call, { workspaceId: null, folderId: inA.id }))).toMatchObject({ kind: "unprocessable", message: FOLDERS_FOR_WORKSPACES });
    expect(await rowOf(t.db, call)).toMatchObject({ workspaceId: a, folderId: inA.id });

    expect(await relocateTranscription(t.db, admin, call, { workspaceId: b, folderId: inB.id })).toMatchObject({ workspaceId: b, folderId: inB.id, userId: member });
    // The uploader, a member of B, still reaches it; A's owner no longer does.
    expect((await listTranscriptions(t.db, member, b)).map((x) => x.id)).toContain(call);
    expect((await listTranscriptions(t.db, owner, a)).map((x) => x.id)).not.toContain(call);
  });

  it("within its workspace, Move files it: any editor, into that workspace's folders only", async () => {
    const { a, b, owner, member, viewer, stranger } = await teams(t.db);
    const here = await createFolder(t.db, owner, a, "Here");
    const there = await createFolder(t.db, stranger, b, "There");
    const call = await insertDoneTranscription(t.db, owner, [], "Call");
    await moveIntoWorkspace(t.db, call, a);
    expect(await relocateTranscription(t.db, member, call, { workspaceId: a, folderId: here.id })).toMatchObject({ workspaceId: a, folderId: here.id });
    expect(await reason(relocateTranscription(t.db, member, call, { workspaceId: a, folderId: there.id }))).toMatchObject({ kind: "not_found", message: FOLDER_NOT_FOUND });
    expect(await reason(relocateTranscription(t.db, viewer, call, { workspaceId: a, folderId: null }))).toMatchObject({ kind: "forbidden", message: VIEWERS_READ_ONLY });
    expect(await rowOf(t.db, call)).toMatchObject({ folderId: here.id });
  });

  it("an ex-member loses the right to move at once", async () => {
    const { a, exMember, member } = await teams(t.db);
    const call = await insertDoneTranscription(t.db, member, [], "Call");
    await moveIntoWorkspace(t.db, call, a);
    await t.db.delete(workspaceMembers).where(and(eq(workspaceMembers.workspaceId, a), eq(workspaceMembers.userId, exMember)));
    expect(await reason(relocateTranscription(t.db, exMember, call, { workspaceId: null, folderId: null }))).toMatchObject({ kind: "not_found", message: TRANSCRIPTION_NOT_FOUND });
    expect(await rowOf(t.db, call)).toMatchObject({ workspaceId: a, userId: member });
  });

  it("a queued job moves with its row; a recording in progress moves only with its recorder", async () => {
    const { a, admin, member } = await teams(t.db);
    const queued = await insertDoneTranscription(t.db, member, [], "Queued");
    await t.db.update(transcriptions).set({ status: "queued" }).where(eq(transcriptions.id, queued));
    await t.db.insert(jobs).values({ id: crypto.randomUUID(), kind: "transcribe", transcriptionId: queued, userId: member, status: "queued" });
    expect(await relocateTranscription(t.db, member, queued, { workspaceId: a, folderId: null })).toMatchObject({ status: "queued", workspaceId: a });
    expect(await t.db.select({ status: jobs.status }).from(jobs).where(eq(jobs.transcriptionId, queued))).toEqual([{ status: "queued" }]);

    const recording = await insertDoneTranscription(t.db, member, [], "Recording");
    await t.db.update(transcriptions).set({ status: "recording" }).where(eq(transcriptions.id, recording));
    await moveIntoWorkspace(t.db, recording, a);
    expect(await reason(relocateTranscription(t.db, admin, recording, { workspaceId: null, folderId: null }))).toMatchObject({ kind: "conflict", message: RECORDING_MOVES_WITH_RECORDER });
    // Its recorder may take it (it stays theirs), here as the workspace's admin.
    await t.db.update(workspaceMembers).set({ role: "admin" }).where(and(eq(workspaceMembers.workspaceId, a), eq(workspaceMembers.userId, member)));
    expect(await relocateTranscription(t.db, member, recording, { workspaceId: null, folderId: null })).toMatchObject({ status: "recording", workspaceId: null, userId: member });
  });
});
