import type { Database } from "@/lib/db/client";
import type { User } from "@/lib/db/schema";
import { TOO_DEEP } from "@/lib/http/json-depth";
import { BACKENDS, useOpenedDatabase } from "@/test/support/databases";
import { insertDoneTranscription } from "@/test/support/transcripts";
import { insertUser } from "@/test/support/users";
import { PATCH, POST } from "./route";

// The session is Better Auth's (end-to-end tests cover it); here only who it returns matters,
// and the route reads the test's database.
const current: { user: Partial<User> | null; database: Database | null } = { user: null, database: null };
jest.mock("@/lib/auth/session", () => ({ currentUser: async () => current.user }));
jest.mock("@/lib/db/client", () => ({ ...jest.requireActual("@/lib/db/client"), db: () => current.database }));

const send = async (handler: typeof PATCH, id: string, body: string) => {
  const res = await handler(
    new Request(`http://localhost:3000/api/transcriptions/${id}/segments`, { method: "PATCH", body, headers: { "content-type": "application/json" } }),
    { params: Promise.resolve({ id }) },
  );
  return { status: res.status, body: (await res.json()) as { detail?: string; version?: number } };
};

describe.each(BACKENDS)("the segments routes read the body after ownership and the plan, on %s", (_name, open) => {
  const t = useOpenedDatabase(open);
  let mine: string;
  let theirs: string;

  beforeAll(async () => {
    current.database = t.db;
    const userId = await insertUser(t.db);
    current.user = { id: userId, email: `${userId}@example.com`, isActive: true };
    mine = await insertDoneTranscription(t.db, userId, [{ startMs: 0, endMs: 1000, text: "Hello there." }]);
    theirs = await insertDoneTranscription(t.db, await insertUser(t.db), [{ startMs: 0, endMs: 1000, text: "Not yours." }]);
  });

  it("someone else's transcription is 404 whatever the body", async () => {
    for (const handler of [PATCH, POST]) {
      for (const body of ["{not json", "{}", "[".repeat(100)]) {
        expect(await send(handler, theirs, body)).toEqual({ status: 404, body: { detail: "This transcription does not exist." } });
      }
    }
  });

  it("a save may be up to 1 MB, nested at most 64 deep, and is validated by the contract's schema", async () => {
    const padded = JSON.stringify({ base_version: 0, changes: [], note: "x".repeat(200_000) });
    expect(await send(PATCH, mine, padded)).toEqual({ status: 422, body: { detail: "Send at least one change." } });
    expect((await send(PATCH, mine, JSON.stringify({ note: "x".repeat(1024 * 1024) }))).status).toBe(413);
    expect(await send(PATCH, mine, "[".repeat(100))).toEqual({ status: 400, body: { detail: TOO_DEEP } });
    const saved = await send(PATCH, mine, JSON.stringify({ base_version: 0, changes: [{ position: 0, text: "Hello again." }] }));
    expect(saved).toMatchObject({ status: 200, body: { version: 1 } });
  });

  it("a split or merge keeps the default 64 KiB limit", async () => {
    expect((await send(POST, mine, JSON.stringify({ action: "merge", base_version: 1, position: 0, note: "x".repeat(70_000) }))).status).toBe(413);
    expect(await send(POST, mine, JSON.stringify({ action: "join", base_version: 1, position: 0 }))).toEqual({
      status: 422,
      body: { detail: 'Choose an action: "split" or "merge".' },
    });
  });
});
