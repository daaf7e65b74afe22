import type { Database } from "@/lib/db/client";
import type { User } from "@/lib/db/schema";
import { saveVoiceProfile } from "@/lib/speakers/voice-profiles";
import { BACKENDS, useOpenedDatabase } from "@/test/support/databases";
import { insertTranscriptSpeakers, voice } from "@/test/support/transcript-speakers";
import { insertDoneTranscription } from "@/test/support/transcripts";
import { insertUser } from "@/test/support/users";
import { POST as DISMISS } from "./[speaker]/dismiss/route";
import { GET } from "./route";

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
});
