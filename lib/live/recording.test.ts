import { readFileSync } from "node:fs";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { entitlementsFor } from "@/lib/billing/entitlements";
import { queryRows, type Database } from "@/lib/db/client";
import { jobs, liveChunks, liveSessions, liveUtterances, transcriptSegments, transcriptions, usage } from "@/lib/db/schema";
import { startWorker, type Worker } from "@/lib/transcription/worker";
import { WAV_HEADER_BYTES } from "@/lib/transcription/wav";
import { BACKENDS, useOpenedDatabase } from "@/test/support/databases";
import { useTestEnv } from "@/test/support/env";
import { insertUser } from "@/test/support/users";
import { liveDraft } from "./live-draft";
import { LIVE_CHUNK_BYTES } from "./pcm-chunks";
import { QUOTA_REACHED, RECORDING_ENDED, SERVER_FULL } from "./live-texts";
import { keepRecording, receiveChunks, startRecording, stopAbandonedRecordings, stopRecording } from "./recording";
import { deleteTranscription } from "@/lib/transcription/queries";

const JFK = readFileSync(path.resolve(__dirname, "../../test/fixtures/audio/jfk.wav")).subarray(WAV_HEADER_BYTES);
/** JFK and a second of silence, cut into whole chunks (the browser pads the last one). */
const SPEECH = Buffer.concat([JFK, Buffer.alloc(32_000 + (LIVE_CHUNK_BYTES - (JFK.length % LIVE_CHUNK_BYTES)))]);

const start = (db: Database, user: string, mode: "mic" | "tab-mic" = "mic") => startRecording(db, user, { title: "Standup", language: "en", mode });

async function send(db: Database, user: string, id: string, pcm: Buffer, firstSeq = 0, perRequest = 4, paceMs = 0) {
  for (let at = 0, seq = firstSeq; at < pcm.length; at += perRequest * LIVE_CHUNK_BYTES, seq += perRequest) {
    await receiveChunks(db, user, id, seq, pcm.subarray(at, at + perRequest * LIVE_CHUNK_BYTES));
    if (paceMs) await new Promise((r) => setTimeout(r, paceMs));
  }
}

async function until<T>(what: () => Promise<T>, ok: (v: T) => boolean, ms = 60_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await what();
    if (ok(v) || Date.now() > end) return v;
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe.each(BACKENDS.slice(0, 1))("live recording on %s", (_name, open) => {
  useTestEnv({ TRANSCRIBE_ENGINE: "sphinx", LIVE_SESSIONS_PER_WORKER: "1" });
  const t = useOpenedDatabase(open);

  it("no worker alive: the recording is still taken, transcribed after it stops, and the user is told", async () => {
    const user = await insertUser(t.db);
    const started = await start(t.db, user);
    expect(started).toMatchObject({ live: false, notLiveReason: SERVER_FULL, transcription: { status: "recording", source: "recording" } });
    expect(await t.db.select().from(jobs).where(eq(jobs.transcriptionId, started.transcription.id))).toEqual([]);
    await deleteTranscription(t.db, user, started.transcription.id);
  });

  describe("with a worker", () => {
    let worker: Worker;
    beforeAll(async () => {
      worker = startWorker(t.db, { pollMs: 100 });
      await until(() => queryRows(t.db, sql`select 1 from workers where live_capacity > 0`).then((r) => r.length), (n) => n > 0);
    });
    afterAll(async () => {
      await worker.stop();
    });

    it("words arrive while recording; stop → a transcription holding them; then the full pass replaces the draft", async () => {
      const user = await insertUser(t.db);
      const { transcription, live, allowanceS } = await start(t.db, user);
      expect(live).toBe(true);
      expect(allowanceS).toBe(3 * 3600);
      const id = transcription.id;
      // At twice real time: the first utterance is stored before the last chunk is sent.
      const half = Math.floor(SPEECH.length / LIVE_CHUNK_BYTES / 2);
      await send(t.db, user, id, SPEECH.subarray(0, half * LIVE_CHUNK_BYTES), 0, 4, 500);
      const early = await until(() => liveDraft(t.db, id), (d) => d.length > 0, 20_000);
      expect(early.length).toBeGreaterThan(0);
      await send(t.db, user, id, SPEECH.subarray(half * LIVE_CHUNK_BYTES), half, 4, 500);
      // Reserved second by second as it arrived.
      const [u] = await t.db.select().from(usage).where(eq(usage.userId, user));
      expect(u.secondsUsed).toBe(Math.ceil(SPEECH.length / 32_000));

      const stopped = await stopRecording(t.db, user, id);
      expect(stopped).toMatchObject({ status: "queued", durationS: SPEECH.length / 32_000 });
      // Stopping again answers the same transcription; more audio is refused.
      expect((await stopRecording(t.db, user, id))?.id).toBe(id);
      await expect(receiveChunks(t.db, user, id, 999, Buffer.alloc(LIVE_CHUNK_BYTES))).rejects.toMatchObject({ kind: "conflict", message: RECORDING_ENDED });

      const done = await until(
        () => t.db.select().from(transcriptions).where(eq(transcriptions.id, id)).then((r) => r[0]),
        (row) => row.status === "done" || row.status === "failed",
      );
      expect(done.status).toBe("done");
      expect(done.audioReady).toBe(true);
      const segments = await t.db.select().from(transcriptSegments).where(eq(transcriptSegments.transcriptionId, id));
      expect(segments.map((s) => s.text).join(" ")).toMatch(/country/);
      // The draft, the chunks and the session are gone with the full transcript.
      expect(await liveDraft(t.db, id)).toEqual([]);
      expect(await t.db.select().from(liveChunks).where(eq(liveChunks.transcriptionId, id))).toEqual([]);
      expect(await t.db.select().from(liveSessions).where(eq(liveSessions.transcriptionId, id))).toEqual([]);
    }, 120_000);

    it("starting a new recording stops the user's open one: one live slot per user", async () => {
      const user = await insertUser(t.db);
      const first = (await start(t.db, user)).transcription.id;
      await send(t.db, user, first, Buffer.alloc(LIVE_CHUNK_BYTES * 4));
      const second = (await start(t.db, user)).transcription.id;
      const [row] = await t.db.select().from(transcriptions).where(eq(transcriptions.id, first));
      expect(row.status).not.toBe("recording");
      await expect(receiveChunks(t.db, user, first, 4, Buffer.alloc(LIVE_CHUNK_BYTES))).rejects.toMatchObject({ kind: "conflict" });
      await deleteTranscription(t.db, user, first);
      await deleteTranscription(t.db, user, second);
    });

    it("a chunk sent twice (its answer was lost) is stored once; bad bodies and numbers are refused", async () => {
      const user = await insertUser(t.db);
      const { transcription } = await start(t.db, user);
      const id = transcription.id;
      const chunk = Buffer.alloc(LIVE_CHUNK_BYTES, 1);
      expect((await receiveChunks(t.db, user, id, 0, chunk)).received).toBe(1);
      expect((await receiveChunks(t.db, user, id, 0, chunk)).received).toBe(1);
      const refused = (seq: number, body: Buffer) => receiveChunks(t.db, user, id, seq, body).catch((e: unknown) => e);
      expect(await refused(1, Buffer.alloc(LIVE_CHUNK_BYTES - 2))).toMatchObject({ kind: "invalid" });
      expect(await refused(1, Buffer.alloc(0))).toMatchObject({ kind: "invalid" });
      expect(await refused(-1, chunk)).toMatchObject({ kind: "invalid" });
      expect(await refused(1.5, chunk)).toMatchObject({ kind: "invalid" });
      expect(await refused(1e9, chunk)).toMatchObject({ kind: "invalid" });
      // Ahead of what arrived: a gap would be silence nobody paid for.
      expect(await refused(5, chunk)).toMatchObject({ kind: "conflict", message: "Chunks must arrive in order: the next one is 1.", data: { next: 1 } });
      // Someone else's recording does not exist for them.
      const other = await insertUser(t.db);
      expect(await receiveChunks(t.db, other, id, 1, chunk).catch((e: unknown) => e)).toMatchObject({ kind: "not_found" });
      expect(await stopRecording(t.db, other, id).catch((e: unknown) => e)).toMatchObject({ kind: "not_found" });
      await deleteTranscription(t.db, user, id);
    });

    it("discarding a recording removes it and gives its time back", async () => {
      const user = await insertUser(t.db);
      const { transcription } = await start(t.db, user);
      await send(t.db, user, transcription.id, Buffer.alloc(LIVE_CHUNK_BYTES * 12));
      const e = await entitlementsFor(t.db, user);
      expect(e.secondsUsed).toBe(3);
      await deleteTranscription(t.db, user, transcription.id);
      expect((await entitlementsFor(t.db, user)).secondsUsed).toBe(0);
      expect(await t.db.select().from(liveChunks).where(eq(liveChunks.transcriptionId, transcription.id))).toEqual([]);
    });

    it("the plan's time runs out: the chunk past it is refused with the sentence, what came before is kept", async () => {
      const user = await insertUser(t.db);
      const e = await entitlementsFor(t.db, user);
      await t.db.insert(usage).values({ userId: user, periodStart: e.period.start, secondsUsed: 3 * 3600 - 2 });
      const { transcription, allowanceS } = await start(t.db, user);
      expect(allowanceS).toBe(2);
      await send(t.db, user, transcription.id, Buffer.alloc(LIVE_CHUNK_BYTES * 8));
      const refused = await receiveChunks(t.db, user, transcription.id, 8, Buffer.alloc(LIVE_CHUNK_BYTES)).catch((e: unknown) => e);
      expect(refused).toMatchObject({ kind: "forbidden", message: QUOTA_REACHED, data: { reason: "quota" } });
      const stopped = await stopRecording(t.db, user, transcription.id);
      expect(stopped?.durationS).toBe(2);
      await deleteTranscription(t.db, user, transcription.id);
      // Nothing left: a new recording is refused before it starts.
      await t.db.update(usage).set({ secondsUsed: 3 * 3600 }).where(eq(usage.userId, user));
      expect(await start(t.db, user).catch((e: unknown) => e)).toMatchObject({ kind: "forbidden" });
    });

    it("a free plan may not record a tab; a recording with no audio leaves nothing behind", async () => {
      const user = await insertUser(t.db);
      expect(await start(t.db, user, "tab-mic").catch((e: unknown) => e)).toMatchObject({ kind: "forbidden" });
      const { transcription } = await start(t.db, user);
      expect(await stopRecording(t.db, user, transcription.id)).toBeNull();
      expect(await t.db.select().from(transcriptions).where(eq(transcriptions.id, transcription.id))).toEqual([]);
    });

    it("a tab closed mid-recording: after a while without chunks it becomes a transcription of what arrived; a paused one is kept", async () => {
      const user = await insertUser(t.db);
      const other = await insertUser(t.db);
      const gone = (await start(t.db, user)).transcription.id;
      const paused = (await start(t.db, other)).transcription.id;
      await send(t.db, user, gone, Buffer.alloc(LIVE_CHUNK_BYTES * 8));
      await send(t.db, other, paused, Buffer.alloc(LIVE_CHUNK_BYTES * 8));
      await t.db.update(liveSessions).set({ lastSeenAt: sql`now() - interval '1 minute'` });
      await keepRecording(t.db, other, paused);
      expect(await stopAbandonedRecordings(t.db)).toBeGreaterThanOrEqual(1);
      const [row] = await t.db.select().from(transcriptions).where(eq(transcriptions.id, gone));
      expect(row.status).not.toBe("recording");
      const [still] = await t.db.select().from(transcriptions).where(eq(transcriptions.id, paused));
      expect(still.status).toBe("recording");
      // Paused for a quarter of an hour, though the tab is still there: stopped too (it held a live slot).
      await t.db.update(liveSessions).set({ lastAudioAt: sql`now() - interval '16 minutes'` }).where(eq(liveSessions.transcriptionId, paused));
      await keepRecording(t.db, other, paused);
      expect(await stopAbandonedRecordings(t.db)).toBe(1);
      const [long] = await t.db.select().from(transcriptions).where(eq(transcriptions.id, paused));
      expect(long.status).not.toBe("recording");
      // The tab comes back: its audio is refused with the reason, not a 404.
      const late = await receiveChunks(t.db, other, paused, 8, Buffer.alloc(LIVE_CHUNK_BYTES)).catch((e: unknown) => e);
      expect(late).toMatchObject({ kind: "conflict", message: RECORDING_ENDED, data: { reason: "ended" } });
      await deleteTranscription(t.db, user, gone);
      await deleteTranscription(t.db, other, paused);
    });

    it("the full pass fails: the live text stays as the transcript", async () => {
      const user = await insertUser(t.db);
      const { transcription } = await start(t.db, user);
      const id = transcription.id;
      await send(t.db, user, id, SPEECH);
      await until(() => liveDraft(t.db, id), (d) => d.length > 0, 30_000);
      // Make the full pass impossible: the audio it would assemble is gone.
      await t.db.delete(liveChunks).where(eq(liveChunks.transcriptionId, id));
      const error = jest.spyOn(console, "error").mockImplementation(() => {});
      await stopRecording(t.db, user, id);
      const done = await until(
        () => t.db.select().from(transcriptions).where(eq(transcriptions.id, id)).then((r) => r[0]),
        (row) => row.status === "done" || row.status === "failed",
      );
      error.mockRestore();
      expect(done.status).toBe("done");
      expect(done.error).toMatch(/^The full-quality pass failed \(.+\), so this is the live transcript\.$/);
      const segments = await t.db.select().from(transcriptSegments).where(eq(transcriptSegments.transcriptionId, id));
      expect(segments.length).toBeGreaterThan(0);
      expect(await t.db.select().from(liveUtterances).where(eq(liveUtterances.transcriptionId, id))).toEqual([]);
    }, 120_000);
  });
});
