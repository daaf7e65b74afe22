/** @run-alone: real engines on minutes of audio keep both cores busy (jest.config.mjs). */
import { and, eq, sql } from "drizzle-orm";
import { entitlementsFor } from "@/lib/billing/entitlements";
import { queryRows, type Database } from "@/lib/db/client";
import { jobs, liveChunks, liveSessions, liveUtterances, transcriptSegments, transcriptions, usage, workspaceMembers } from "@/lib/db/schema";
import { domainErrorResponse } from "@/lib/http/error-response";
import { transcriptionOptions } from "@/lib/transcription/options";
import { startWorker, type Worker } from "@/lib/worker/worker";
import { BACKENDS, useOpenedDatabase } from "@/test/support/databases";
import { useTestEnv } from "@/test/support/env";
import { readUtterances, sendAudio as send, SPEECH, until } from "@/test/support/live-recording";
import { insertUser } from "@/test/support/users";
import { addMember, insertWorkspace } from "@/test/support/workspaces";
import { liveDraft } from "@/lib/recordings/store/draft";
import { LIVE_CHUNK_BYTES, MAX_CHUNKS_PER_REQUEST, PACE_BURST_S } from "@/lib/recordings/store/pcm-chunks";
import { ALREADY_RECORDING, QUOTA_REACHED, RECORDING_ENDED, SERVER_FULL, TOO_FAST } from "./recording-texts";
import { keepRecording, receiveChunks, startRecording, stopRecording, stopAbandonedRecordings } from "./recording";
import { deleteTranscription } from "@/lib/transcription/deletion";
import { cancelOwnedTranscription, TRANSCRIPTION_NOT_FOUND } from "@/lib/transcription/queries";

const start = (db: Database, user: string, mode: "mic" | "tab-mic" = "mic") => startRecording(db, user, { title: "Standup", language: "en", mode });

/** Seconds of the plan used, as the dashboard's usage meter reads them (GET /api/transcription/options). */
const usedSeconds = async (db: Database, user: string) => (await transcriptionOptions(db, user)).usage.used_s;

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

  it("a member removed from the workspace mid-recording can no longer send audio, keep, stop or discard it; the server stops it once abandoned", async () => {
    const owner = await insertUser(t.db);
    const member = await insertUser(t.db);
    const ws = await insertWorkspace(t.db, owner);
    await addMember(t.db, ws, member, "member");
    const { transcription } = await startRecording(t.db, member, { title: "Standup", language: "en", mode: "mic", workspaceId: ws });
    const id = transcription.id;
    await receiveChunks(t.db, member, id, 0, Buffer.alloc(LIVE_CHUNK_BYTES * 8));
    await t.db.delete(workspaceMembers).where(and(eq(workspaceMembers.workspaceId, ws), eq(workspaceMembers.userId, member)));

    const refused = (p: Promise<unknown>) => p.then(() => "accepted", (e: unknown) => e);
    const gone = { kind: "not_found", message: TRANSCRIPTION_NOT_FOUND };
    expect(await refused(receiveChunks(t.db, member, id, 8, Buffer.alloc(LIVE_CHUNK_BYTES)))).toMatchObject(gone);
    expect(await refused(keepRecording(t.db, member, id))).toMatchObject(gone);
    expect(await refused(stopRecording(t.db, member, id))).toMatchObject(gone);
    expect(await refused(deleteTranscription(t.db, member, id))).toMatchObject(gone);
    const [still] = await t.db.select({ status: transcriptions.status, workspaceId: transcriptions.workspaceId }).from(transcriptions).where(eq(transcriptions.id, id));
    expect(still).toEqual({ status: "recording", workspaceId: ws });

    // Its browser no longer heard, the server stops it: what arrived stays the workspace's.
    await t.db.update(liveSessions).set({ lastSeenAt: sql`now() - interval '25 hours'` }).where(eq(liveSessions.transcriptionId, id));
    expect(await stopAbandonedRecordings(t.db)).toBe(1);
    const [stopped] = await t.db.select({ status: transcriptions.status }).from(transcriptions).where(eq(transcriptions.id, id));
    expect(stopped!.status).toBe("queued");
    await deleteTranscription(t.db, owner, id);
  });

  it("audio faster than real time: up to 3 minutes ahead of the recording's wall time is taken (a browser catching up after an outage), more is refused with 429 until real time catches up", async () => {
    const user = await insertUser(t.db);
    const { transcription } = await start(t.db, user);
    const id = transcription.id;
    const startedAt = Date.now();
    const tenSeconds = Buffer.alloc(MAX_CHUNKS_PER_REQUEST * LIVE_CHUNK_BYTES);
    // A browser back online sends what it queued as fast as it can, 10 s a request: all taken.
    let received = 0;
    for (let seq = 0; seq < PACE_BURST_S * 4; seq += MAX_CHUNKS_PER_REQUEST) received = (await receiveChunks(t.db, user, id, seq, tenSeconds)).received;
    expect(received).toBe(PACE_BURST_S * 4);
    // The attack: a long file sent as a "recording", as fast as the server takes it.
    let refused: unknown = null;
    for (let i = 0; i < 20 && !refused; i++) {
      refused = await receiveChunks(t.db, user, id, received, tenSeconds).then(
        (r) => void (received = r.received),
        (e: unknown) => e,
      );
    }
    const response = domainErrorResponse(refused as Parameters<typeof domainErrorResponse>[0]);
    expect(response.status).toBe(429);
    expect(await response.json()).toEqual({ detail: TOO_FAST, reason: "pace" });
    // What was taken stays within real time plus the allowance (and one request).
    expect(received / 4).toBeLessThanOrEqual(PACE_BURST_S + (Date.now() - startedAt) / 1000 + 10);
    // The refused audio was not kept; sent again once 10 s have passed (here: the start moved back), it is taken.
    await t.db.update(liveSessions).set({ createdAt: sql`${liveSessions.createdAt} - interval '10 seconds'` }).where(eq(liveSessions.transcriptionId, id));
    expect((await receiveChunks(t.db, user, id, received, tenSeconds)).received).toBe(received + MAX_CHUNKS_PER_REQUEST);
    await deleteTranscription(t.db, user, id);
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

    it("discarding a recording nothing was transcribed in (no words shown) removes it and gives all its time back", async () => {
      const user = await insertUser(t.db);
      const { transcription } = await start(t.db, user);
      await send(t.db, user, transcription.id, Buffer.alloc(LIVE_CHUNK_BYTES * 12));
      expect(await usedSeconds(t.db, user)).toBe(3);
      await deleteTranscription(t.db, user, transcription.id);
      expect(await usedSeconds(t.db, user)).toBe(0);
      expect(await t.db.select().from(liveChunks).where(eq(liveChunks.transcriptionId, transcription.id))).toEqual([]);
    });

    it("the live text was read, then the recording discarded: the seconds it showed stay used, only the rest is given back", async () => {
      const user = await insertUser(t.db);
      const { transcription, live } = await start(t.db, user);
      expect(live).toBe(true);
      const id = transcription.id;
      // JFK, then 8 s in which nothing is said.
      const audio = Buffer.concat([SPEECH, Buffer.alloc(32 * LIVE_CHUNK_BYTES)]);
      await send(t.db, user, id, audio, 0, MAX_CHUNKS_PER_REQUEST);
      const reserved = Math.ceil(audio.length / 32_000);
      expect(await usedSeconds(t.db, user)).toBe(reserved);
      const heard = await readUtterances(t.db, user, id, (u) => u.some((x) => /country/.test(x.text)));
      expect(heard.map((u) => u.text).join(" ")).toMatch(/country/);
      const shown = Math.ceil(Math.max(...heard.map((u) => u.end_ms)) / 1000);
      await deleteTranscription(t.db, user, id);
      // At least what the final utterances read covered; beyond it only the words still
      // changing that were on screen (as far as the engine had heard then), never the quiet after.
      const used = await usedSeconds(t.db, user);
      expect(used).toBeGreaterThanOrEqual(shown);
      expect(used).toBeLessThanOrEqual(Math.ceil(SPEECH.length / 32_000));
      expect(shown).toBeGreaterThan(0);
      expect(used).toBeLessThan(reserved);
    }, 60_000);

    it("stopped, then canceled before the full pass is done: the seconds the live text showed stay used", async () => {
      const user = await insertUser(t.db);
      const { transcription } = await start(t.db, user);
      const id = transcription.id;
      await send(t.db, user, id, SPEECH, 0, MAX_CHUNKS_PER_REQUEST);
      const heard = await readUtterances(t.db, user, id, (u) => u.some((x) => /country/.test(x.text)));
      await stopRecording(t.db, user, id);
      expect(await cancelOwnedTranscription(t.db, user, id)).toMatchObject({ status: "canceled" });
      // What the live text showed: its final utterances, and words still changing as far as the engine had heard.
      const used = await usedSeconds(t.db, user);
      expect(used).toBeGreaterThanOrEqual(Math.ceil(Math.max(...heard.map((u) => u.end_ms)) / 1000));
      expect(used).toBeLessThanOrEqual(Math.ceil(SPEECH.length / 32_000));
      await deleteTranscription(t.db, user, id);
    }, 60_000);

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

    it("a tab closed or offline mid-recording is interrupted, not ended: kept for a day, its audio then taken at once however long it was away; a paused one with its page open ends after 15 minutes", async () => {
      const user = await insertUser(t.db);
      const other = await insertUser(t.db);
      const away = (await start(t.db, user)).transcription.id;
      const paused = (await start(t.db, other)).transcription.id;
      await send(t.db, user, away, Buffer.alloc(LIVE_CHUNK_BYTES * 8));
      await send(t.db, other, paused, Buffer.alloc(LIVE_CHUNK_BYTES * 8));
      await keepRecording(t.db, other, paused);
      // Ten minutes without a word from the browser (offline, or the tab gone): still open.
      // The worker sweeps every 5 s too, so the test counts on the rows, not on which sweep ran.
      await t.db
        .update(liveSessions)
        .set({ lastSeenAt: sql`now() - interval '10 minutes'`, lastAudioAt: sql`now() - interval '10 minutes'`, createdAt: sql`now() - interval '10 minutes 2 seconds'` })
        .where(eq(liveSessions.transcriptionId, away));
      await stopAbandonedRecordings(t.db);
      const status = async (id: string) => (await t.db.select({ status: transcriptions.status }).from(transcriptions).where(eq(transcriptions.id, id)))[0]?.status;
      expect(await status(away)).toBe("recording");
      // Back: the ten minutes the browser kept arrive 10 s a request, all taken (nothing 429).
      const tenSeconds = Buffer.alloc(MAX_CHUNKS_PER_REQUEST * LIVE_CHUNK_BYTES);
      let received = 8;
      for (let i = 0; i < 60; i++) received = (await receiveChunks(t.db, user, away, received, tenSeconds)).received;
      expect(received).toBe(8 + 60 * MAX_CHUNKS_PER_REQUEST);
      // A day later without a word: stopped and transcribed as it stands.
      await t.db.update(liveSessions).set({ lastSeenAt: sql`now() - interval '25 hours'` }).where(eq(liveSessions.transcriptionId, away));
      await stopAbandonedRecordings(t.db);
      expect(await status(away)).not.toBe("recording");
      expect(await status(paused)).toBe("recording");
      // Paused for a quarter of an hour, though the tab is still there (heard from just now): stopped too.
      await t.db.update(liveSessions).set({ lastAudioAt: sql`now() - interval '16 minutes'`, lastSeenAt: sql`now()` }).where(eq(liveSessions.transcriptionId, paused));
      await stopAbandonedRecordings(t.db);
      expect(await status(paused)).not.toBe("recording");
      // The tab comes back: its audio is refused with the reason, not a 404.
      const late = await receiveChunks(t.db, other, paused, 8, Buffer.alloc(LIVE_CHUNK_BYTES)).catch((e: unknown) => e);
      expect(late).toMatchObject({ kind: "conflict", message: RECORDING_ENDED, data: { reason: "ended" } });
      await deleteTranscription(t.db, user, away);
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

describe.each(BACKENDS)("racing starts of one user's recording on %s", (_name, open) => {
  useTestEnv({ TRANSCRIBE_ENGINE: "sphinx" });
  const t = useOpenedDatabase(open);
  const openSessions = (user: string) => t.db.select().from(liveSessions).where(sql`${liveSessions.userId} = ${user} and ${liveSessions.stoppedAt} is null`);
  /** Each start's answer as the API gives it: 201, or the refusal's status and sentence. */
  const answers = (settled: PromiseSettledResult<unknown>[]) =>
    Promise.all(settled.map(async (s) => (s.status === "fulfilled" ? "201" : `${domainErrorResponse(s.reason as Parameters<typeof domainErrorResponse>[0]).status} ${((await domainErrorResponse(s.reason as Parameters<typeof domainErrorResponse>[0]).json()) as { detail: string }).detail}`)));

  it("six at once (a double click, tabs): each is 201 or 409 with the sentence, and exactly one recording stays open", async () => {
    const user = await insertUser(t.db);
    const settled = await Promise.allSettled(Array.from({ length: 6 }, () => start(t.db, user)));
    const said = await answers(settled);
    // Starts take turns: one that looked before another committed is refused; one that looked after takes it over.
    expect(said.filter((a) => a !== "201" && a !== `409 ${ALREADY_RECORDING}`)).toEqual([]);
    expect(said).toContain(`409 ${ALREADY_RECORDING}`);
    const started = settled.flatMap((s) => (s.status === "fulfilled" ? [s.value.transcription.id] : []));
    const stillOpen = (await openSessions(user)).map((s) => s.transcriptionId);
    expect(stillOpen).toHaveLength(1);
    expect(started).toContain(stillOpen[0]);
    // One taken over before any audio went with nothing to transcribe: the open one is the user's only recording.
    expect((await t.db.select().from(transcriptions).where(eq(transcriptions.userId, user))).map((r) => r.id)).toEqual(stillOpen);
  });

  it("racing starts with one left open from before (a tab that crashed before any audio): it is stopped once, one new recording is open, nobody is told 404", async () => {
    const user = await insertUser(t.db);
    const before = (await start(t.db, user)).transcription.id;
    const said = await answers(await Promise.allSettled(Array.from({ length: 6 }, () => start(t.db, user))));
    expect(said.filter((a) => a !== "201" && a !== `409 ${ALREADY_RECORDING}`)).toEqual([]);
    expect(said).toContain("201");
    const stillOpen = await openSessions(user);
    expect(stillOpen).toHaveLength(1);
    expect(stillOpen[0].transcriptionId).not.toBe(before);
    // Without audio the one left open went (nothing to transcribe); the open one is the user's only recording.
    expect((await t.db.select().from(transcriptions).where(eq(transcriptions.userId, user))).map((r) => r.id)).toEqual([stillOpen[0].transcriptionId]);
  });
});
