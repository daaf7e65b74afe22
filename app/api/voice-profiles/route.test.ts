import type { Database } from "@/lib/db/client";
import type { User } from "@/lib/db/schema";
import { BACKENDS, useOpenedDatabase } from "@/test/support/databases";
import { insertTranscriptSpeakers, voice } from "@/test/support/transcript-speakers";
import { insertDoneTranscription } from "@/test/support/transcripts";
import { insertUser } from "@/test/support/users";
import { DELETE } from "./[id]/route";
import { GET, POST } from "./route";

// The session is Better Auth's (end-to-end tests cover it); here only who it returns matters,
// and the route reads the test's database.
const current: { user: Partial<User> | null; database: Database | null } = { user: null, database: null };
jest.mock("@/lib/auth/session", () => ({ currentUser: async () => current.user }));
jest.mock("@/lib/db/client", () => ({ ...jest.requireActual("@/lib/db/client"), db: () => current.database }));

const URL_BASE = "http://localhost:3000/api/voice-profiles";

async function answer(res: Response) {
  const text = await res.text();
  return { status: res.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : null };
}
const post = async (body: string) =>
  answer(await POST(new Request(URL_BASE, { method: "POST", body, headers: { "content-type": "application/json" } })));
const list = async () => answer(await GET(new Request(URL_BASE)));
const remove = async (id: string) => answer(await DELETE(new Request(`${URL_BASE}/${id}`, { method: "DELETE" }), { params: Promise.resolve({ id }) }));

describe.each(BACKENDS)("the voice profile routes, on %s", (_name, open) => {
  const t = useOpenedDatabase(open);
  let mine: string;
  let theirs: string;
  let signedIn: Partial<User>;

  beforeAll(async () => {
    current.database = t.db;
    const userId = await insertUser(t.db);
    signedIn = { id: userId, email: `${userId}@example.com`, isActive: true };
    mine = await insertDoneTranscription(t.db, userId, [{ startMs: 0, endMs: 1000, text: "Hello.", speaker: "Maya" }]);
    await insertTranscriptSpeakers(t.db, mine, "sherpa-onnx", [{ embedding: voice(0), name: "Maya" }]);
    const other = await insertUser(t.db);
    theirs = await insertDoneTranscription(t.db, other, [{ startMs: 0, endMs: 1000, text: "Not yours.", speaker: "Speaker 1" }]);
    await insertTranscriptSpeakers(t.db, theirs, "sherpa-onnx", [{ embedding: voice(1) }]);
  });
  beforeEach(() => {
    current.user = signedIn;
  });

  it("saves a speaker (201), lists it in snake_case without its embedding, and deletes it (204)", async () => {
    const created = await post(JSON.stringify({ transcription_id: mine, speaker: 0, name: " Maya " }));
    expect(created).toMatchObject({ status: 201, body: { name: "Maya", diarizer: "sherpa-onnx", samples: 1 } });
    const listed = await list();
    expect(listed.status).toBe(200);
    expect(listed.body).toEqual({ voice_profiles: [{ id: created.body!.id, name: "Maya", diarizer: "sherpa-onnx", samples: 1, created_at: expect.any(String), updated_at: expect.any(String) }] });
    expect(await post(JSON.stringify({ transcription_id: mine, speaker: 0, name: "Maya" }))).toMatchObject({ status: 201, body: { id: created.body!.id, samples: 2 } });
    expect(await remove(created.body!.id as string)).toEqual({ status: 204, body: null });
    expect(await list()).toEqual({ status: 200, body: { voice_profiles: [] } });
  });

  it("answers hostile bodies with a 4xx and a sentence, never a 500", async () => {
    const cases: Array<[unknown, number, string]> = [
      [{ transcription_id: theirs, speaker: 0, name: "Maya" }, 404, "This transcription does not exist."],
      [{ transcription_id: "../../etc", speaker: 0, name: "Maya" }, 404, "This transcription does not exist."],
      [{ transcription_id: mine, speaker: 3, name: "Maya" }, 404, "This transcript has no such speaker."],
      [{ transcription_id: mine, speaker: "0", name: "Maya" }, 422, "Choose the speaker: a whole number from 0 to 9999."],
      [{ transcription_id: mine, speaker: 1.5, name: "Maya" }, 422, "Choose the speaker: a whole number from 0 to 9999."],
      [{ transcription_id: mine, speaker: -1, name: "Maya" }, 422, "Choose the speaker: a whole number from 0 to 9999."],
      [{ transcription_id: mine, speaker: 2 ** 40, name: "Maya" }, 422, "Choose the speaker: a whole number from 0 to 9999."],
      [{ transcription_id: mine, speaker: 0 }, 422, "Name is required."],
      [{ transcription_id: mine, speaker: 0, name: "   " }, 422, "Give the speaker a name."],
      [{ transcription_id: mine, speaker: 0, name: "x".repeat(61) }, 422, "Use at most 60 characters for a speaker name."],
      [{ transcription_id: mine, speaker: 0, name: "Speaker 1" }, 422, "Name this speaker first: a voice profile needs a name of its own, not “Speaker 1”."],
      [{ speaker: 0, name: "Maya" }, 422, "Say which transcription the speaker is in."],
      [[], 422, "The request body must be a JSON object."],
    ];
    for (const [body, status, detail] of cases) {
      expect([JSON.stringify(body), await post(JSON.stringify(body))]).toEqual([JSON.stringify(body), { status, body: { detail } }]);
    }
    expect((await post("{not json")).status).toBe(400);
    expect(await list()).toEqual({ status: 200, body: { voice_profiles: [] } });
  });

  it("deleting an id that is not the user's is 404; without a session every route is 401", async () => {
    const created = await post(JSON.stringify({ transcription_id: mine, speaker: 0, name: "Maya" }));
    current.user = { id: await insertUser(t.db), isActive: true };
    for (const id of [created.body!.id as string, "nope", "x".repeat(500)]) {
      expect(await remove(id)).toEqual({ status: 404, body: { detail: "This voice profile does not exist." } });
    }
    current.user = null;
    expect((await list()).status).toBe(401);
    expect((await post("{}")).status).toBe(401);
    expect((await remove(created.body!.id as string)).status).toBe(401);
  });
});
