import type { Database } from "@/lib/db/client";
import type { User } from "@/lib/db/schema";
import { saveVoiceProfile } from "@/lib/speakers/voice-profiles";
import { BACKENDS, useOpenedDatabase } from "@/test/support/databases";
import { insertTranscriptSpeakers, voice } from "@/test/support/transcript-speakers";
import { insertDoneTranscription } from "@/test/support/transcripts";
import { insertUser } from "@/test/support/users";
import { POST as DISMISS } from "./[speaker]/dismiss/route";
import { GET, PATCH } from "./route";

// The session is Better Auth's (end-to-end tests cover it); here only who it returns matters,
// and the route reads the test's database.
const current: { user: Partial<User> | null; database: Database | null } = { user: null, database: null };
jest.mock("@/lib/auth/session", () => ({ currentUser: async () => current.user }));
jest.mock("@/lib/db/client", () => ({ ...jest.requireActual("@/lib/db/client"), db: () => current.database }));

const base = (id: string) => `http://localhost:3000/api/transcriptions/${id}/speakers`;
async function speakers(id: string) {
  const res = await GET(new Request(base(id)), { params: Promise.resolve({ id }) });
  return { status: res.status, body: await res.json() };
}
async function dismiss(id: string, speaker: string) {
  const res = await DISMISS(new Request(`${base(id)}/${speaker}/dismiss`, { method: "POST" }), { params: Promise.resolve({ id, speaker }) });
  return { status: res.status, body: await res.json() };
}

async function rename(id: string, body: string) {
  const res = await PATCH(new Request(base(id), { method: "PATCH", body, headers: { "content-type": "application/json" } }), { params: Promise.resolve({ id }) });
  return { status: res.status, body: await res.json() };
}

describe.each(BACKENDS)("the transcript speaker routes, on %s", (_name, open) => {
  const t = useOpenedDatabase(open);
  let later: string;
  let theirs: string;

  beforeAll(async () => {
    current.database = t.db;
    const userId = await insertUser(t.db);
    current.user = { id: userId, email: `${userId}@example.com`, isActive: true };
    const first = await insertDoneTranscription(t.db, userId, [{ startMs: 0, endMs: 1000, text: "Hello.", speaker: "Maya" }]);
    await insertTranscriptSpeakers(t.db, first, "sherpa-onnx", [{ embedding: voice(0), name: "Maya" }]);
    await saveVoiceProfile(t.db, userId, { transcriptionId: first, speaker: 0, name: "Maya" });
    later = await insertDoneTranscription(t.db, userId, [
      { startMs: 0, endMs: 1000, text: "Hi.", speaker: "Speaker 1" },
      { startMs: 1000, endMs: 2000, text: "Hello.", speaker: "Speaker 2" },
    ]);
    await insertTranscriptSpeakers(t.db, later, "sherpa-onnx", [{ embedding: voice(3), seconds: 1 }, { embedding: voice(0, 0.1), seconds: 1 }]);
    theirs = await insertDoneTranscription(t.db, await insertUser(t.db), []);
  });

  it("answers the speakers with their suggestion, and a dismissal takes it away", async () => {
    const before = await speakers(later);
    expect(before.status).toBe(200);
    expect(before.body).toEqual({
      diarizer: "sherpa-onnx",
      note: null,
      speakers: [
        { speaker: 0, name: "Speaker 1", named: false, seconds: 1, suggestion: null },
        { speaker: 1, name: "Speaker 2", named: false, seconds: 1, suggestion: { profile_id: expect.any(String), name: "Maya" } },
      ],
    });
    const after = await dismiss(later, "1");
    expect(after.status).toBe(200);
    expect(after.body.speakers[1].suggestion).toBeNull();
  });

  it("answers someone else's transcription, a bad id or a speaker that is not there with 404 and a sentence", async () => {
    for (const id of [theirs, "not-an-id", "x".repeat(300)]) {
      expect(await speakers(id)).toEqual({ status: 404, body: { detail: "This transcription does not exist." } });
      expect(await dismiss(id, "0")).toEqual({ status: 404, body: { detail: "This transcription does not exist." } });
    }
    for (const speaker of ["2", "-1", "1.5", "abc", "99999999999999999999"]) {
      expect(await dismiss(later, speaker)).toEqual({ status: 404, body: { detail: "This transcript has no such speaker." } });
    }
  });

  it("renames several speakers in one save, and says what is wrong with a rename in the checks' own words", async () => {
    const renames = (list: unknown, base_version = 0) => rename(later, JSON.stringify({ base_version, renames: list }));
    expect(await renames([{ from: "Speaker 1", to: "   " }])).toEqual({ status: 422, body: { detail: "Give the speaker a name." } });
    expect(await renames([{ from: "Speaker 1", to: "x".repeat(61) }])).toEqual({ status: 422, body: { detail: "Use at most 60 characters for a speaker name." } });
    expect(await renames([])).toEqual({ status: 422, body: { detail: "Change at least one name." } });
    expect(await renames(Array.from({ length: 101 }, (_, i) => ({ from: `S${i}`, to: `T${i}` })))).toEqual({ status: 422, body: { detail: "Rename at most 100 speakers in one save." } });
    expect(await renames([{ from: "", to: "Host" }])).toEqual({ status: 422, body: { detail: "Say which speaker to rename: their name as the transcript has it." } });
    expect(await renames("Host")).toEqual({ status: 422, body: { detail: "Send the new names as a list of renames." } });
    expect(await renames([{ from: "Speaker 1", to: "Guest" }, { from: "Speaker 2", to: "guest" }])).toEqual({
      status: 422,
      body: { detail: "Another speaker is also called “Guest”. Give each speaker a different name." },
    });
    expect(await rename(later, "{not json")).toEqual({ status: 400, body: { detail: "The request body is not valid JSON." } });
    expect(await renames([{ from: "Speaker 1", to: "Host" }], 7)).toMatchObject({ status: 409, body: { current_version: 0 } });

    expect(await renames([{ from: "Speaker 1", to: " Host " }, { from: "Speaker 2", to: "Guest" }])).toEqual({
      status: 200,
      body: { version: 1, segments: [{ position: 0, speaker: "Host" }, { position: 1, speaker: "Guest" }] },
    });
    expect((await speakers(later)).body.speakers.map((s: { name: string }) => s.name)).toEqual(["Host", "Guest"]);
  });

  it("someone else's transcription is 404 whatever the body", async () => {
    for (const body of ["{not json", "{}", JSON.stringify({ base_version: 0, renames: [{ from: "Speaker 1", to: "Host" }] })]) {
      expect(await rename(theirs, body)).toEqual({ status: 404, body: { detail: "This transcription does not exist." } });
    }
  });
});
