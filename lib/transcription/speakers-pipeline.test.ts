/** @run-alone: real engines on minutes of audio keep both cores busy (jest.config.mjs). */
import { createReadStream, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { asc, eq } from "drizzle-orm";
import { transcriptSegments, transcriptSpeakers, transcriptions } from "@/lib/db/schema";
import { DomainError } from "@/lib/errors/domain-error";
import { BACKENDS, useOpenedDatabase } from "@/test/support/databases";
import { twoVoiceDialog, type TestAudio } from "@/test/support/dialog-audio";
import { useTestEnv } from "@/test/support/env";
import { claimTranscription, runHeld } from "@/test/support/jobs";
import { writeMicroDiarizationModels } from "@/test/support/micro-diarization-models";
import { insertUser } from "@/test/support/users";
import { createTranscription } from "./create";

const SPEAKERS_SENTENCE = "The number of speakers must be a whole number from 1 to 10, or left out to detect it.";

describe.each(BACKENDS.slice(0, 1))("speakers in a transcription, on %s", (_name, open) => {
  const { dataDir } = useTestEnv({ TRANSCRIBE_ENGINE: "sphinx", SPEAKER_MODELS_AUTO_DOWNLOAD: "false" });
  const t = useOpenedDatabase(open);
  const work = mkdtempSync(path.join(os.tmpdir(), "verbatim-speakers-"));
  let dialog: TestAudio;

  beforeAll(async () => {
    dialog = await twoVoiceDialog(work);
  }, 60_000);
  afterAll(() => rmSync(work, { recursive: true, force: true }));
  afterEach(() => rmSync(path.join(dataDir, "models"), { recursive: true, force: true }));

  async function transcribed(speakers?: number) {
    const userId = await insertUser(t.db, "pro");
    const body = Readable.toWeb(createReadStream(dialog.wavPath)) as ReadableStream<Uint8Array>;
    const created = await createTranscription(t.db, {
      userId, body, declaredBytes: null, filename: "dialog.wav", contentType: "audio/wav", language: null, source: "upload", speakers,
    });
    expect(created.speakersExpected).toBe(speakers ?? null);
    const job = await claimTranscription(t.db, "test-worker", 60_000);
    expect(job?.transcriptionId).toBe(created.id);
    expect(await runHeld(t.db, job!)).toBe("done");
    const [row] = await t.db.select().from(transcriptions).where(eq(transcriptions.id, created.id));
    const segments = await t.db.select().from(transcriptSegments).where(eq(transcriptSegments.transcriptionId, created.id)).orderBy(asc(transcriptSegments.position));
    const speakersFound = await t.db.select().from(transcriptSpeakers).where(eq(transcriptSpeakers.transcriptionId, created.id)).orderBy(asc(transcriptSpeakers.speaker));
    return { row, segments, speakersFound };
  }

  /** Share of the engine's words whose label is their true speaker's (labels matched to speakers by majority). */
  function wordAccuracy(segments: Array<{ speaker: string | null; words: Array<{ start_ms: number; end_ms: number }> | null }>): number {
    const truthAt = (ms: number) => dialog.truth.find((turn) => ms >= turn.startMs && ms < turn.endMs)?.speaker ?? -1;
    const pairs = segments.flatMap((s) => (s.words ?? []).map((w) => ({ label: s.speaker ?? "", truth: truthAt((w.start_ms + w.end_ms) / 2) })));
    const votes = new Map<string, number[]>();
    for (const { label, truth } of pairs) {
      const v = votes.get(label) ?? [0, 0];
      if (truth >= 0) v[truth]++;
      votes.set(label, v);
    }
    const meant = new Map([...votes].map(([label, v]) => [label, v[0] >= v[1] ? 0 : 1]));
    return pairs.filter((p) => meant.get(p.label) === p.truth).length / pairs.length;
  }

  it("labels a two-voice dialog Speaker 1 and Speaker 2 by default, cut at the turns, with most words to the right voice", async () => {
    const { row, segments, speakersFound } = await transcribed();
    expect(row).toMatchObject({ status: "done", diarizer: "basic", speakersNote: null });
    expect(speakersFound.map((s) => s.name)).toEqual(["Speaker 1", "Speaker 2"]);
    expect(speakersFound.every((s) => s.embedding.length > 0 && s.seconds > 3)).toBe(true);
    expect(new Set(segments.map((s) => s.speaker))).toEqual(new Set(["Speaker 1", "Speaker 2"]));
    // In order of first appearance: the first segment is Speaker 1's.
    expect(segments[0].speaker).toBe("Speaker 1");
    const accuracy = wordAccuracy(segments);
    console.info(`[speakers] ${(accuracy * 100).toFixed(0)} % of ${segments.flatMap((s) => s.words ?? []).length} words to the right speaker`);
    expect(accuracy).toBeGreaterThanOrEqual(0.85);
  }, 120_000);

  it("skips detection when the user says one person speaks", async () => {
    const { row, segments, speakersFound } = await transcribed(1);
    expect(row).toMatchObject({ status: "done", diarizer: null, speakersNote: null });
    expect(segments.every((s) => s.speaker === null)).toBe(true);
    expect(speakersFound).toEqual([]);
  }, 120_000);

  it("uses sherpa-onnx where its models are present, in its own process", async () => {
    mkdirSync(path.join(dataDir, "models", "speakers"), { recursive: true });
    await writeMicroDiarizationModels(path.join(dataDir, "models", "speakers"));
    const { row, speakersFound } = await transcribed(2);
    expect(row).toMatchObject({ status: "done", diarizer: "sherpa-onnx", speakersNote: null });
    expect(speakersFound.length).toBeGreaterThanOrEqual(1);
  }, 120_000);

  it("a speaker model that cannot load leaves the basic detector to label the transcript", async () => {
    const dir = path.join(dataDir, "models", "speakers");
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dir, "segmentation.onnx"), Buffer.from("not an onnx model"));
    writeFileSync(path.join(dir, "embedding.onnx"), Buffer.from("not one either"));
    const { row, speakersFound } = await transcribed();
    expect(row).toMatchObject({ status: "done", diarizer: "basic", speakersNote: null });
    expect(speakersFound).toHaveLength(2);
  }, 120_000);

  it.each([0, 11, 2.5, Number.NaN])("refuses %p speakers in a sentence before anything is stored", async (speakers) => {
    const userId = await insertUser(t.db);
    const body = Readable.toWeb(createReadStream(dialog.wavPath)) as ReadableStream<Uint8Array>;
    const upload = createTranscription(t.db, {
      userId, body, declaredBytes: null, filename: "dialog.wav", contentType: "audio/wav", language: null, source: "upload", speakers,
    });
    await expect(upload).rejects.toEqual(new DomainError("invalid", SPEAKERS_SENTENCE));
    expect(await t.db.select().from(transcriptions).where(eq(transcriptions.userId, userId))).toEqual([]);
  });
});
