import type { Database } from "@/lib/db/client";
import type { User } from "@/lib/db/schema";
import { BACKENDS, useOpenedDatabase } from "@/test/support/databases";
import { useTestEnv } from "@/test/support/env";
import { insertDoneTranscription } from "@/test/support/transcripts";
import { insertUser } from "@/test/support/users";
import { DELETE, GET as getOne } from "../[id]/route";
import { GET as exportOne } from "../[id]/export/route";
import { POST as restore } from "../[id]/restore/route";
import { GET as list } from "../route";
import { GET } from "./route";

// The session is Better Auth's (end-to-end tests cover it); here only who it returns matters,
// and the routes read the test's database.
const current: { user: Partial<User> | null; database: Database | null } = { user: null, database: null };
jest.mock("@/lib/auth/session", () => ({ currentUser: async () => current.user }));
jest.mock("@/lib/db/client", () => ({ ...jest.requireActual("@/lib/db/client"), db: () => current.database }));

type Handler = (request: Request, context: { params: Promise<Record<string, string>> }) => Promise<Response>;

async function call(handler: Handler, method: string, path: string, id = "") {
  const res = await handler(new Request(`http://localhost:3000${path}`, { method }), { params: Promise.resolve({ id }) });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

const as = (userId: string) => {
  current.user = { id: userId, email: `${userId}@example.com`, isActive: true };
};
const titles = (body: Record<string, unknown>) => (body.transcriptions as Array<{ title: string }>).map((t) => t.title);

describe.each(BACKENDS.slice(0, 1))("the Recently deleted routes on %s", (_name, open) => {
  useTestEnv();
  const t = useOpenedDatabase(open);

  beforeAll(() => {
    current.database = t.db;
  });

  it("DELETE moves it to Recently deleted: 404 to reads and exports, listed there, restored by POST …/restore", async () => {
    const userId = await insertUser(t.db);
    as(userId);
    const id = await insertDoneTranscription(t.db, userId, [{ startMs: 0, endMs: 1000, text: "Quarterly numbers." }], "Board call");
    expect(await call(DELETE, "DELETE", `/api/transcriptions/${id}`, id)).toEqual({ status: 200, body: { ok: true } });

    expect(await call(getOne, "GET", `/api/transcriptions/${id}`, id)).toEqual({ status: 404, body: { detail: "This transcription does not exist." } });
    expect((await call(exportOne, "GET", `/api/transcriptions/${id}/export?format=txt`, id)).status).toBe(404);
    expect(titles((await call(list, "GET", "/api/transcriptions")).body)).toEqual([]);
    expect(titles((await call(list, "GET", "/api/transcriptions?q=quarterly")).body)).toEqual([]);

    const deleted = await call(GET, "GET", "/api/transcriptions/deleted");
    expect(deleted.status).toBe(200);
    expect(deleted.body.transcriptions).toEqual([expect.objectContaining({ id, title: "Board call", deleted_at: expect.any(String), purge_at: expect.any(String) })]);

    const restored = await call(restore, "POST", `/api/transcriptions/${id}/restore`, id);
    expect(restored).toMatchObject({ status: 200, body: { id, title: "Board call", status: "done" } });
    expect((await call(getOne, "GET", `/api/transcriptions/${id}`, id)).body).toMatchObject({ segments: [{ text: "Quarterly numbers." }] });
    expect(titles((await call(GET, "GET", "/api/transcriptions/deleted")).body)).toEqual([]);
  });

  it("DELETE ?permanent=1 removes it for good; any other value is refused with a sentence", async () => {
    const userId = await insertUser(t.db);
    as(userId);
    const id = await insertDoneTranscription(t.db, userId, [], "Draft");
    expect(await call(DELETE, "DELETE", `/api/transcriptions/${id}?permanent=yes`, id)).toEqual({
      status: 400,
      body: { detail: 'Use "permanent=1" to delete for good, or leave it out to move the transcription to Recently deleted.' },
    });
    await call(DELETE, "DELETE", `/api/transcriptions/${id}`, id);
    expect(await call(DELETE, "DELETE", `/api/transcriptions/${id}?permanent=1`, id)).toEqual({ status: 200, body: { ok: true } });
    expect(titles((await call(GET, "GET", "/api/transcriptions/deleted")).body)).toEqual([]);
    expect((await call(restore, "POST", `/api/transcriptions/${id}/restore`, id)).status).toBe(404);
  });

  it("someone else's deleted transcription: not listed, and restoring or deleting it is 404", async () => {
    const owner = await insertUser(t.db);
    const id = await insertDoneTranscription(t.db, owner, [], "Private");
    as(owner);
    await call(DELETE, "DELETE", `/api/transcriptions/${id}`, id);
    as(await insertUser(t.db));
    expect(titles((await call(GET, "GET", "/api/transcriptions/deleted")).body)).toEqual([]);
    expect(await call(restore, "POST", `/api/transcriptions/${id}/restore`, id)).toEqual({ status: 404, body: { detail: "This transcription is not in Recently deleted." } });
    expect((await call(DELETE, "DELETE", `/api/transcriptions/${id}?permanent=1`, id)).status).toBe(404);
    as(owner);
    expect(titles((await call(GET, "GET", "/api/transcriptions/deleted")).body)).toEqual(["Private"]);
  });
});
