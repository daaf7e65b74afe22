import { eq } from "drizzle-orm";
import { transcriptSegments, transcriptSpeakers, transcriptions, voiceProfiles } from "@/lib/db/schema";
import { BACKENDS, useOpenedDatabase } from "@/test/support/databases";
import { insertTranscriptSpeakers, voice } from "@/test/support/transcript-speakers";
import { insertDoneTranscription } from "@/test/support/transcripts";
import { insertUser } from "@/test/support/users";
import {
  deleteVoiceProfile,
  dismissSuggestion,
  listVoiceProfiles,
  MAX_VOICE_PROFILES,
  saveVoiceProfile,
  speakerFromPath,
  speakersOf,
} from "./voice-profiles";

const SEGMENTS = [
  { startMs: 0, endMs: 1000, text: "Hello.", speaker: "Speaker 1" },
  { startMs: 1000, endMs: 2000, text: "Hi.", speaker: "Speaker 2" },
];

describe.each(BACKENDS)("voice profiles, on %s", (_name, open) => {
  const t = useOpenedDatabase(open);

  /** A user with a transcript of two detected voices (axes 0 and 3), the first named Maya. */
  async function userWithMaya(diarizer: "sherpa-onnx" | "basic" = "sherpa-onnx") {
    const userId = await insertUser(t.db);
    const first = await insertDoneTranscription(t.db, userId, [{ ...SEGMENTS[0], speaker: "Maya" }, SEGMENTS[1]]);
    await insertTranscriptSpeakers(t.db, first, diarizer, [{ embedding: voice(0), name: "Maya" }, { embedding: voice(3) }]);
    await saveVoiceProfile(t.db, userId, { transcriptionId: first, speaker: 0, name: "Maya" });
    return { userId, first };
  }

  async function laterTranscript(userId: string, embeddings: number[][], diarizer: "sherpa-onnx" | "basic" = "sherpa-onnx") {
    const id = await insertDoneTranscription(t.db, userId, embeddings.map((_, i) => ({ startMs: i * 1000, endMs: i * 1000 + 900, text: "Words.", speaker: `Speaker ${i + 1}` })));
    await insertTranscriptSpeakers(t.db, id, diarizer, embeddings.map((embedding) => ({ embedding })));
    return id;
  }

  it("saves a speaker as a profile, and a second save under the name adds to it", async () => {
    const { userId } = await userWithMaya();
    const [saved] = await listVoiceProfiles(t.db, userId);
    expect(saved).toMatchObject({ name: "Maya", diarizer: "sherpa-onnx", samples: 1 });
    expect(saved).not.toHaveProperty("embedding");

    const second = await laterTranscript(userId, [voice(1)]);
    const merged = await saveVoiceProfile(t.db, userId, { transcriptionId: second, speaker: 0, name: "  Maya " });
    expect(merged).toMatchObject({ id: saved.id, samples: 2 });
    const [row] = await t.db.select().from(voiceProfiles).where(eq(voiceProfiles.id, saved.id));
    // the mean of axes 0 and 1, unit length
    expect(row.embedding.slice(0, 2).map((x) => Number(x.toFixed(3)))).toEqual([0.707, 0.707]);

    // the same name from another detector is another profile: their voices cannot be compared
    const basic = await laterTranscript(userId, [voice(0)], "basic");
    await saveVoiceProfile(t.db, userId, { transcriptionId: basic, speaker: 0, name: "Maya" });
    expect((await listVoiceProfiles(t.db, userId)).map((p) => [p.name, p.diarizer, p.samples])).toEqual([
      ["Maya", "basic", 1],
      ["Maya", "sherpa-onnx", 2],
    ]);
  });

  it("refuses someone else's transcription, a speaker it does not have, and a name that is no name", async () => {
    const { userId, first } = await userWithMaya();
    const other = await insertUser(t.db);
    await expect(saveVoiceProfile(t.db, other, { transcriptionId: first, speaker: 0, name: "Maya" })).rejects.toMatchObject({
      kind: "not_found",
      message: "This transcription does not exist.",
    });
    await expect(saveVoiceProfile(t.db, userId, { transcriptionId: "not-an-id", speaker: 0, name: "Maya" })).rejects.toMatchObject({ kind: "not_found" });
    await expect(saveVoiceProfile(t.db, userId, { transcriptionId: first, speaker: 7, name: "Maya" })).rejects.toMatchObject({
      kind: "not_found",
      message: "This transcript has no such speaker.",
    });
    await expect(saveVoiceProfile(t.db, userId, { transcriptionId: first, speaker: 1, name: "Speaker 2" })).rejects.toMatchObject({
      kind: "unprocessable",
      message: "Name this speaker first: a voice profile needs a name of its own, not “Speaker 2”.",
    });
    await expect(saveVoiceProfile(t.db, userId, { transcriptionId: first, speaker: 0, name: "  " })).rejects.toMatchObject({ message: "Give the speaker a name." });
    await expect(saveVoiceProfile(t.db, userId, { transcriptionId: first, speaker: 0, name: "x".repeat(61) })).rejects.toMatchObject({
      message: "Use at most 60 characters for a speaker name.",
    });
    for (const speaker of [-1, 0.5, 2 ** 40]) {
      await expect(saveVoiceProfile(t.db, userId, { transcriptionId: first, speaker, name: "Maya" })).rejects.toMatchObject({ kind: "not_found" });
      await expect(dismissSuggestion(t.db, userId, first, speaker)).rejects.toMatchObject({ kind: "not_found" });
    }
    // a transcript without detected speakers has none to save
    const plain = await insertDoneTranscription(t.db, userId, SEGMENTS);
    await expect(saveVoiceProfile(t.db, userId, { transcriptionId: plain, speaker: 0, name: "Maya" })).rejects.toMatchObject({ kind: "not_found" });
    expect(await listVoiceProfiles(t.db, other)).toEqual([]);
  });

  it("keeps at most 200 profiles a user, and says so", async () => {
    const { userId, first } = await userWithMaya();
    await t.db.insert(voiceProfiles).values(
      Array.from({ length: MAX_VOICE_PROFILES - 1 }, (_, i) => ({ id: `${userId}-${i}`, userId, name: `Person ${i}`, diarizer: "sherpa-onnx" as const, embedding: voice(1) })),
    );
    await expect(saveVoiceProfile(t.db, userId, { transcriptionId: first, speaker: 1, name: "Tom" })).rejects.toMatchObject({
      kind: "unprocessable",
      message: "You can keep at most 200 voice profiles. Delete one on your account page first.",
    });
    // adding to a profile it already has still works
    expect(await saveVoiceProfile(t.db, userId, { transcriptionId: first, speaker: 0, name: "Maya" })).toMatchObject({ samples: 2 });
  });

  it("deletes a profile with its embedding; another user's id is not found", async () => {
    const { userId } = await userWithMaya();
    const [maya] = await listVoiceProfiles(t.db, userId);
    const other = await insertUser(t.db);
    await expect(deleteVoiceProfile(t.db, other, maya.id)).rejects.toMatchObject({ kind: "not_found", message: "This voice profile does not exist." });
    await deleteVoiceProfile(t.db, userId, maya.id);
    expect(await t.db.select().from(voiceProfiles).where(eq(voiceProfiles.id, maya.id))).toEqual([]);
    await expect(deleteVoiceProfile(t.db, userId, maya.id)).rejects.toMatchObject({ kind: "not_found" });
  });

  it("suggests a profile for the speaker who sounds like it, once, and only from the user's own profiles of that detector", async () => {
    const { userId } = await userWithMaya();
    // speaker 2 is Maya's voice a little changed (0.98), speaker 1 less so (0.89): only speaker 2 gets her
    const later = await laterTranscript(userId, [voice(0, 0.5), voice(0, 0.2), voice(5)]);
    const answer = await speakersOf(t.db, userId, later);
    expect(answer.diarizer).toBe("sherpa-onnx");
    expect(answer.speakers.map((s) => [s.speaker, s.name, s.named, s.suggestion?.name ?? null])).toEqual([
      [0, "Speaker 1", false, null],
      [1, "Speaker 2", false, "Maya"],
      [2, "Speaker 3", false, null],
    ]);

    // another user with the very same voice saved hears nothing of this user's profile
    const stranger = await insertUser(t.db);
    const theirs = await laterTranscript(stranger, [voice(0)]);
    expect((await speakersOf(t.db, stranger, theirs)).speakers[0].suggestion).toBeNull();
    await expect(speakersOf(t.db, stranger, later)).rejects.toMatchObject({ kind: "not_found" });

    // the basic detector's voices are never compared with a speaker model's profile
    const basic = await laterTranscript(userId, [voice(0)], "basic");
    expect((await speakersOf(t.db, userId, basic)).speakers[0].suggestion).toBeNull();
  });

  it("suggests nothing below the detector's threshold, for a named speaker, or a name the transcript already uses", async () => {
    const { userId } = await userWithMaya();
    // 0.71 alike: enough for a speaker model (0.6), not for the basic detector's stricter bar
    const basicMaya = await laterTranscript(userId, [voice(0)], "basic");
    await saveVoiceProfile(t.db, userId, { transcriptionId: basicMaya, speaker: 0, name: "Maya" });
    const near = await laterTranscript(userId, [voice(0, 1)], "basic");
    expect((await speakersOf(t.db, userId, near)).speakers[0].suggestion).toBeNull();
    const sherpaNear = await laterTranscript(userId, [voice(0, 1)]);
    expect((await speakersOf(t.db, userId, sherpaNear)).speakers[0].suggestion?.name).toBe("Maya");
    // 0.55 alike
    const far = await laterTranscript(userId, [voice(0, 1.5)]);
    expect((await speakersOf(t.db, userId, far)).speakers[0].suggestion).toBeNull();

    // a speaker the user named already
    const named = await laterTranscript(userId, [voice(0)]);
    await t.db.update(transcriptSpeakers).set({ name: "Ann" }).where(eq(transcriptSpeakers.transcriptionId, named));
    expect((await speakersOf(t.db, userId, named)).speakers[0]).toMatchObject({ name: "Ann", named: true, suggestion: null });

    // "Maya" already names a segment of this transcript
    const taken = await laterTranscript(userId, [voice(0), voice(3)]);
    await t.db.update(transcriptSegments).set({ speaker: "Maya" }).where(eq(transcriptSegments.transcriptionId, taken));
    expect((await speakersOf(t.db, userId, taken)).speakers.every((s) => s.suggestion === null)).toBe(true);
  });

  it("never suggests a dismissed speaker's profile again", async () => {
    const { userId } = await userWithMaya();
    const later = await laterTranscript(userId, [voice(0)]);
    expect((await speakersOf(t.db, userId, later)).speakers[0].suggestion?.name).toBe("Maya");
    await dismissSuggestion(t.db, userId, later, 0);
    expect((await speakersOf(t.db, userId, later)).speakers[0].suggestion).toBeNull();
    await expect(dismissSuggestion(t.db, userId, later, 4)).rejects.toMatchObject({ kind: "not_found", message: "This transcript has no such speaker." });
    await expect(dismissSuggestion(t.db, await insertUser(t.db), later, 0)).rejects.toMatchObject({ kind: "not_found", message: "This transcription does not exist." });
  });

  it("answers a transcript without detected speakers with its note", async () => {
    const userId = await insertUser(t.db);
    const id = await insertDoneTranscription(t.db, userId, SEGMENTS);
    const note = "Speakers could not be told apart (the audio is too short), so this transcript has no speaker labels.";
    await t.db.update(transcriptions).set({ speakersNote: note }).where(eq(transcriptions.id, id));
    expect(await speakersOf(t.db, userId, id)).toEqual({ diarizer: null, note, speakers: [] });
  });
});

describe("a speaker's number in a path", () => {
  it("is a whole number from 0; anything else names no speaker", () => {
    expect(speakerFromPath("0")).toBe(0);
    expect(speakerFromPath("12")).toBe(12);
    for (const bad of ["", "-1", "1.5", "1e3", " 1", "0x1", "99999", "abc"]) {
      expect(() => speakerFromPath(bad)).toThrow("This transcript has no such speaker.");
    }
  });
});
