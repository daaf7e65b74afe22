import { eq } from "drizzle-orm";
import type { Database } from "@/lib/db/client";
import { transcriptions, type User } from "@/lib/db/schema";
import { createFolder } from "@/lib/workspaces/folders";
import { BACKENDS, useOpenedDatabase } from "@/test/support/databases";
import { insertDoneTranscription } from "@/test/support/transcripts";
import { insertUser } from "@/test/support/users";
import { addMember, insertWorkspace, moveIntoWorkspace } from "@/test/support/workspaces";
import { PATCH } from "./route";

// The session is Better Auth's (end-to-end tests cover it); here only who it returns matters,
// and the route reads the test's database.
const current: { user: Partial<User> | null; database: Database | null } = { user: null, database: null };
jest.mock("@/lib/auth/session", () => ({ currentUser: async () => current.user }));
jest.mock("@/lib/db/client", () => ({ ...jest.requireActual("@/lib/db/client"), db: () => current.database }));

async function relocate(id: string, body: unknown): Promise<{ status: number; body: { detail?: string; workspace_id?: string | null; folder_id?: string | null } }> {
  const res = await PATCH(
    new Request(`http://localhost:3000/api/transcriptions/${id}/location`, {
      method: "PATCH",
      body: typeof body === "string" ? body : JSON.stringify(body),
      headers: { "content-type": "application/json" },
    }),
    { params: Promise.resolve({ id }) },
  );
  return { status: res.status, body: await res.json() };
}

const as = (userId: string) => (current.user = { id: userId, email: `${userId}@example.com`, isActive: true });

describe.each(BACKENDS)("PATCH /api/transcriptions/{id}/location on %s", (_name, open) => {
  const t = useOpenedDatabase(open);
  let admin: string;
  let space: string;
  let other: string;
  let call: string;
  let folder: string;
  let othersFolder: string;

  beforeAll(async () => {
    current.database = t.db;
    admin = await insertUser(t.db);
    space = await insertWorkspace(t.db, admin, "Team");
    other = await insertWorkspace(t.db, admin, "Other team");
    folder = (await createFolder(t.db, admin, space, "Calls")).id;
    othersFolder = (await createFolder(t.db, admin, other, "Their calls")).id;
    call = await insertDoneTranscription(t.db, admin, [], "Call");
    await moveIntoWorkspace(t.db, call, space);
  });

  it("files into a folder of its workspace and answers the transcription", async () => {
    as(admin);
    expect(await relocate(call, { workspace_id: space, folder_id: folder })).toMatchObject({ status: 200, body: { workspace_id: space, folder_id: folder } });
    // Leaving folder_id out unfiles it.
    expect(await relocate(call, { workspace_id: space })).toMatchObject({ status: 200, body: { workspace_id: space, folder_id: null } });
  });

  it("another workspace's folder is 404, even to a member of both; the row is unchanged", async () => {
    as(admin);
    expect(await relocate(call, { workspace_id: space, folder_id: othersFolder })).toEqual({ status: 404, body: { detail: "This folder does not exist." } });
    expect(await relocate(call, { workspace_id: space, folder_id: "not-a-folder" })).toEqual({ status: 404, body: { detail: "This folder does not exist." } });
    const [row] = await t.db.select().from(transcriptions).where(eq(transcriptions.id, call));
    expect(row).toMatchObject({ workspaceId: space, folderId: null });
  });

  it("wrong ids: an unknown transcription or workspace is 404; someone else's transcription is 404 whatever the body", async () => {
    as(admin);
    expect(await relocate("nope", { workspace_id: null })).toEqual({ status: 404, body: { detail: "This transcription does not exist." } });
    expect(await relocate(call, { workspace_id: "no-such-workspace" })).toEqual({ status: 404, body: { detail: "This workspace does not exist." } });
    const stranger = await insertUser(t.db);
    as(stranger);
    expect(await relocate(call, { workspace_id: null })).toEqual({ status: 404, body: { detail: "This transcription does not exist." } });
  });

  it("a viewer is refused with a sentence", async () => {
    const viewer = await insertUser(t.db);
    await addMember(t.db, space, viewer, "viewer");
    as(viewer);
    expect(await relocate(call, { workspace_id: space, folder_id: folder })).toEqual({ status: 403, body: { detail: "Viewers of this workspace can read and export only." } });
    expect(await relocate(call, { workspace_id: null })).toEqual({ status: 403, body: { detail: "Only the workspace's owner and admins can move its transcriptions to another space." } });
  });

  it("refuses malformed bodies with a sentence, never a 500", async () => {
    as(admin);
    const cases: Array<[unknown, number, string | null]> = [
      [{}, 422, "workspace_id must be an id or null."],
      [{ workspace_id: 42 }, 422, "workspace_id must be an id or null."],
      [{ workspace_id: "x".repeat(101) }, 422, "workspace_id must be an id or null."],
      [{ workspace_id: space, folder_id: ["a"] }, 422, "folder_id must be an id or null."],
      [{ workspace_id: space, folder_id: "y".repeat(10_000) }, 422, "folder_id must be an id or null."],
      [{ workspace_id: null, folder_id: folder }, 422, "Folders are for workspaces."],
      ["[1,2", 400, null],
      ["null", 422, null],
    ];
    for (const [body, status, detail] of cases) {
      const answer = await relocate(call, body);
      expect({ body, status: answer.status }).toEqual({ body, status });
      expect(typeof answer.body.detail).toBe("string");
      if (detail) expect(answer.body.detail).toBe(detail);
    }
  });
});
