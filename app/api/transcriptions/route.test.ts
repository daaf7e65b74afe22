import type { Database } from "@/lib/db/client";
import type { User } from "@/lib/db/schema";
import { BACKENDS, useOpenedDatabase } from "@/test/support/databases";
import { insertDoneTranscription } from "@/test/support/transcripts";
import { insertUser } from "@/test/support/users";
import { eq } from "drizzle-orm";
import { transcriptions } from "@/lib/db/schema";
import { GET, POST } from "./route";

// The session is Better Auth's (end-to-end tests cover it); here only who it returns matters,
// and the route reads the test's database.
const current: { user: Partial<User> | null; database: Database | null } = { user: null, database: null };
jest.mock("@/lib/auth/session", () => ({ currentUser: async () => current.user }));
jest.mock("@/lib/db/client", () => ({ ...jest.requireActual("@/lib/db/client"), db: () => current.database }));

async function search(q: string): Promise<{ status: number; body: { detail?: string; transcriptions?: Array<{ title: string }> }; ms: number }> {
  const started = performance.now();
  const res = await GET(new Request(`http://localhost:3000/api/transcriptions?q=${encodeURIComponent(q)}`));
  return { status: res.status, body: await res.json(), ms: performance.now() - started };
}

const WORDS = "budget forecast meeting quarterly revenue hiring roadmap customer launch pricing".split(" ");

describe.each(BACKENDS)("GET /api/transcriptions?q= on %s", (_name, open) => {
  const t = useOpenedDatabase(open);

  beforeAll(async () => {
    current.database = t.db;
    const userId = await insertUser(t.db);
    current.user = { id: userId, email: `${userId}@example.com`, isActive: true };
    // The review's transcript: 300 segments of 5,000 characters (1.5 MB of text), each a long
    // run of one letter (what makes a %term% scan slowest) and then some words.
    const segments = Array.from({ length: 300 }, (_, i) => {
      const text = `${"a".repeat(4000)} ${`${WORDS.map((w, j) => `${w}${(i + j) % 7}`).join(" ")} `.repeat(20)}`.slice(0, 5000);
      return { startMs: i * 10_000, endMs: (i + 1) * 10_000, text };
    });
    await insertDoneTranscription(t.db, userId, segments, "All hands");
  });

  it("refuses a 4,001-character search over a large transcript at once, with 400 and a sentence", async () => {
    const answer = await search(`${"a".repeat(4000)}b`);
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ detail: "A search can be at most 200 characters long." });
    // Before, this term became a %term% scan of the whole text, 5 s on PGlite (the review: ~8 s).
    expect(answer.ms).toBeLessThan(1000);
  });

  it("answers a 200-character search of the same kind from the index, at once", async () => {
    const answer = await search(`${"a".repeat(199)}b`);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ transcriptions: [] });
    // Before: 0.45 s on PGlite, on the server's own thread.
    expect(answer.ms).toBeLessThan(1000);
  });

  it("finds the transcript by a 200-character search of many words, quickly", async () => {
    const term = `${"budget forecast meeting quarterly revenue ".repeat(5)}`.slice(0, 200);
    expect(term).toHaveLength(200);
    const answer = await search(term);
    expect(answer.status).toBe(200);
    expect(answer.body.transcriptions?.map((x) => x.title)).toEqual(["All hands"]);
    expect(answer.ms).toBeLessThan(1000);
  });

  it("never answers 5xx to the query syntax's characters, alone or around words", async () => {
    for (const hostile of ["&", "|", "!", ":", "'", "(", ")", "*", "\\", "& | ! : ' ( ) * \\"]) {
      const alone = await search(hostile);
      expect({ hostile, status: alone.status, body: alone.body }).toEqual({ hostile, status: 200, body: { transcriptions: [] } });
      const around = await search(`${hostile}budg${hostile}roadm${hostile}`);
      expect({ hostile, status: around.status, titles: around.body.transcriptions?.map((x) => x.title) }).toEqual({
        hostile,
        status: 200,
        titles: ["All hands"],
      });
    }
  });
});

describe.each(BACKENDS)("POST /api/transcriptions?source= on %s", (_name, open) => {
  const t = useOpenedDatabase(open);

  it("refuses a source other than upload or recording with 400 and a sentence naming both, before anything is stored or charged", async () => {
    current.database = t.db;
    const userId = await insertUser(t.db);
    current.user = { id: userId, email: `${userId}@example.com`, isActive: true };
    for (const source of ["foo", "", "Recording"]) {
      const res = await POST(new Request(`http://localhost:3000/api/transcriptions?filename=a.wav&source=${source}`, { method: "POST", body: new Uint8Array(64), headers: { "content-type": "audio/wav" } }));
      expect({ source, status: res.status, body: await res.json() }).toEqual({ source, status: 400, body: { detail: 'The source must be "upload" or "recording".' } });
    }
    expect(await t.db.select({ id: transcriptions.id }).from(transcriptions).where(eq(transcriptions.userId, userId))).toEqual([]);
  });
});
