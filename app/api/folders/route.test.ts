import type { Database } from "@/lib/db/client";
import type { User } from "@/lib/db/schema";
import { BACKENDS, useOpenedDatabase } from "@/test/support/databases";
import { insertUser } from "@/test/support/users";
import { addMember, insertWorkspace } from "@/test/support/workspaces";
import { DELETE, PATCH } from "./[id]/route";
import { GET, POST } from "./route";

// The session is Better Auth's (end-to-end tests cover it); here only who it returns, and the
// workspace it has chosen, matter, and the routes read the test's database.
const current: { user: Partial<User> | null; space: string | null; database: Database | null } = { user: null, space: null, database: null };
jest.mock("@/lib/auth/session", () => ({ currentUser: async () => current.user, currentSpace: async () => current.space }));
jest.mock("@/lib/db/client", () => ({ ...jest.requireActual("@/lib/db/client"), db: () => current.database }));

type Answer = { status: number; body: { detail?: string; folders?: Array<{ name: string }>; folder?: { id: string; name: string } } };

/** A request with a session cookie (the route reads the active workspace only then). */
async function call(handler: typeof GET, method: string, path: string, body?: unknown, id?: string): Promise<Answer> {
  const init: RequestInit = { method, headers: { cookie: "session=test", "content-type": "application/json" } };
  if (body !== undefined) init.body = typeof body === "string" ? body : JSON.stringify(body);
  const res = await handler(new Request(`http://localhost:3000${path}`, init), { params: Promise.resolve<Record<string, string>>(id === undefined ? {} : { id }) });
  return { status: res.status, body: await res.json() };
}

const as = (userId: string, space: string | null) => {
  current.user = { id: userId, email: `${userId}@example.com`, isActive: true };
  current.space = space;
};

describe.each(BACKENDS)("/api/folders on %s", (_name, open) => {
  const t = useOpenedDatabase(open);
  let owner: string;
  let viewer: string;
  let space: string;
  let otherSpace: string;

  beforeAll(async () => {
    current.database = t.db;
    owner = await insertUser(t.db);
    viewer = await insertUser(t.db);
    space = await insertWorkspace(t.db, owner, "Team");
    await addMember(t.db, space, viewer, "viewer");
    otherSpace = await insertWorkspace(t.db, await insertUser(t.db), "Other");
  });

  it("in the personal space: no folders, and none can be made", async () => {
    as(owner, null);
    expect(await call(GET, "GET", "/api/folders")).toEqual({ status: 200, body: { folders: [] } });
    expect(await call(POST, "POST", "/api/folders", { name: "Mine" })).toEqual({ status: 422, body: { detail: "Folders are for workspaces." } });
  });

  it("makes, lists, renames and deletes a folder of the active workspace", async () => {
    as(owner, space);
    const made = await call(POST, "POST", "/api/folders", { name: "  Client\ncalls  " });
    expect(made).toMatchObject({ status: 201, body: { folder: { name: "Client calls" } } });
    const id = made.body.folder!.id;
    expect(await call(GET, "GET", "/api/folders")).toMatchObject({ status: 200, body: { folders: [{ id, name: "Client calls", transcriptions: 0 }] } });
    expect(await call(PATCH, "PATCH", `/api/folders/${id}`, { name: "Clients" }, id)).toMatchObject({ status: 200, body: { folder: { id, name: "Clients" } } });
    expect(await call(POST, "POST", "/api/folders", { name: "clients" })).toEqual({ status: 409, body: { detail: "A folder with this name already exists." } });
    expect(await call(DELETE, "DELETE", `/api/folders/${id}`, undefined, id)).toEqual({ status: 200, body: { ok: true } });
    expect(await call(GET, "GET", "/api/folders")).toEqual({ status: 200, body: { folders: [] } });
  });

  it("refuses bad names with a sentence and the right status", async () => {
    as(owner, space);
    const cases: Array<[unknown, number, string]> = [
      [{ name: "x".repeat(61) }, 422, "A folder's name must be 60 characters or fewer."],
      [{ name: "   " }, 422, "Give the folder a name."],
      [{ name: "\u202e\u200f\n" }, 422, "Give the folder a name."],
      // NUL is refused in any body, before its fields are read.
      [{ name: "a\u0000b" }, 400, ""],
      [{}, 422, "Give the folder a name."],
      [{ name: 42 }, 422, "Give the folder a name."],
      ["{not json", 400, ""],
    ];
    for (const [body, status, detail] of cases) {
      const answer = await call(POST, "POST", "/api/folders", body);
      expect({ body, status: answer.status }).toEqual({ body, status });
      if (detail) expect(answer.body.detail).toBe(detail);
      else expect(typeof answer.body.detail).toBe("string");
    }
    // 60 characters is fine.
    expect((await call(POST, "POST", "/api/folders", { name: "y".repeat(60) })).status).toBe(201);
  });

  it("a viewer lists but cannot make, rename or delete; a stranger's workspace, a made-up id and another workspace's folder are 404", async () => {
    as(owner, space);
    const id = (await call(POST, "POST", "/api/folders", { name: "Board" })).body.folder!.id;
    as(viewer, space);
    expect((await call(GET, "GET", "/api/folders")).body.folders?.map((f) => f.name)).toContain("Board");
    expect(await call(POST, "POST", "/api/folders", { name: "Mine" })).toEqual({ status: 403, body: { detail: "Viewers of this workspace can read and export only." } });
    expect((await call(PATCH, "PATCH", `/api/folders/${id}`, { name: "Mine" }, id)).status).toBe(403);
    expect((await call(DELETE, "DELETE", `/api/folders/${id}`, undefined, id)).status).toBe(403);

    const stranger = await insertUser(t.db);
    as(stranger, otherSpace);
    // Its own workspace's folders only: Team's folder does not exist for it.
    expect(await call(PATCH, "PATCH", `/api/folders/${id}`, { name: "Mine" }, id)).toEqual({ status: 404, body: { detail: "This folder does not exist." } });
    expect(await call(DELETE, "DELETE", `/api/folders/${id}`, undefined, id)).toEqual({ status: 404, body: { detail: "This folder does not exist." } });
    as(owner, space);
    for (const bad of ["nope", "0".repeat(36), "%27%3B--", "x".repeat(5000)]) {
      expect(await call(DELETE, "DELETE", `/api/folders/${bad}`, undefined, bad)).toEqual({ status: 404, body: { detail: "This folder does not exist." } });
    }
  });
});
