/** @run-alone: real engines on minutes of audio keep both cores busy (jest.config.mjs). */
import { eq, sql } from "drizzle-orm";
import { queryRows } from "@/lib/db/client";
import { liveSessions } from "@/lib/db/schema";
import { liveSlotFree } from "@/lib/transcription/worker-registry";
import { deleteTranscription } from "@/lib/transcription/deletion";
import { startWorker, type Worker } from "@/lib/worker/worker";
import { BACKENDS, useOpenedDatabase } from "@/test/support/databases";
import { useTestEnv } from "@/test/support/env";
import { readUtterances, sendAudio, SPEECH, SPEECH_CHUNKS, startMic, until } from "@/test/support/live-recording";
import { insertUser } from "@/test/support/users";
import { liveDraft } from "@/lib/recordings/store/draft";
import { SERVER_FULL } from "./recording-texts";
import { LIVE_CHUNK_BYTES, LIVE_CHUNK_MS, MAX_CHUNKS_PER_REQUEST } from "@/lib/recordings/store/pcm-chunks";
import { receiveChunks, stopRecording } from "./recording";

/** Stands for LIVE_IDLE_RELEASE_MS (30 s), so the test does not wait half a minute. */
const IDLE_MS = 1_000;

const saysCountry = (from: number) => (heard: { start_ms: number; text: string }[]) => heard.some((u) => u.start_ms >= from && /country/.test(u.text));

describe.each(BACKENDS.slice(0, 1))("live slots on %s", (_name, open) => {
  useTestEnv({ TRANSCRIBE_ENGINE: "sphinx", LIVE_SESSIONS_PER_WORKER: "2" });
  const t = useOpenedDatabase(open);

  describe("with a worker", () => {
    let worker: Worker;
    beforeAll(async () => {
      worker = startWorker(t.db, { pollMs: 100, liveIdleReleaseMs: IDLE_MS });
      await until(() => queryRows(t.db, sql`select 1 from workers where live_capacity > 0`).then((r) => r.length), (n) => n > 0);
    });
    afterAll(async () => {
      await worker.stop();
    });

    it("two idle recordings give their slots back: a third user gets live text, and the first, resumed, gets a slot again and its text goes on", async () => {
      const [alice, bob, carol] = [await insertUser(t.db), await insertUser(t.db), await insertUser(t.db)];
      const a = await startMic(t.db, alice);
      const b = await startMic(t.db, bob);
      expect([a.live, b.live]).toEqual([true, true]);
      // Every slot is taken: a recording started now is not live.
      const early = await startMic(t.db, carol);
      expect(early).toMatchObject({ live: false, notLiveReason: SERVER_FULL });
      await deleteTranscription(t.db, carol, early.transcription.id);

      // Alice speaks, then pauses; Bob's tab sends a second of silence and nothing more.
      await sendAudio(t.db, alice, a.transcription.id, SPEECH, 0, MAX_CHUNKS_PER_REQUEST);
      await sendAudio(t.db, bob, b.transcription.id, Buffer.alloc(4 * LIVE_CHUNK_BYTES));
      const before = await readUtterances(t.db, alice, a.transcription.id, saysCountry(0));
      expect(before.map((u) => u.text).join(" ")).toMatch(/country/);

      // Nothing arrives for a while: both slots are given back, and Carol's recording is live.
      expect(await until(() => liveSlotFree(t.db), (free) => free, 20_000)).toBe(true);
      const c = await startMic(t.db, carol);
      expect(c).toMatchObject({ live: true, notLiveReason: null });
      await sendAudio(t.db, carol, c.transcription.id, SPEECH, 0, MAX_CHUNKS_PER_REQUEST);
      expect((await readUtterances(t.db, carol, c.transcription.id, saysCountry(0))).map((u) => u.text).join(" ")).toMatch(/country/);

      // Alice resumes: a slot again, and the words of what she says now appear after the first ones.
      const shownBefore = (await liveDraft(t.db, a.transcription.id)).map((u) => u.text);
      const resumedAt = SPEECH_CHUNKS * LIVE_CHUNK_MS;
      await sendAudio(t.db, alice, a.transcription.id, SPEECH, SPEECH_CHUNKS, MAX_CHUNKS_PER_REQUEST);
      const after = await readUtterances(t.db, alice, a.transcription.id, saysCountry(resumedAt), 30_000);
      expect(after.filter((u) => u.start_ms >= resumedAt).map((u) => u.text).join(" ")).toMatch(/country/);
      // What was shown before the pause is unchanged, heard once.
      expect(after.filter((u) => u.start_ms < resumedAt).map((u) => u.text)).toEqual(shownBefore);
      // No audio lost: the recording is both halves, in full.
      const saved = await stopRecording(t.db, alice, a.transcription.id);
      expect(saved?.durationS).toBe((2 * SPEECH.length) / 32_000);

      for (const [user, id] of [[bob, b.transcription.id], [carol, c.transcription.id], [alice, a.transcription.id]]) await deleteTranscription(t.db, user, id);
    }, 120_000);

    it("resumed while every slot is taken: it waits for one, and its text comes once a slot frees", async () => {
      const [dave, erin, frank] = [await insertUser(t.db), await insertUser(t.db), await insertUser(t.db)];
      const d = await startMic(t.db, dave);
      await sendAudio(t.db, dave, d.transcription.id, Buffer.alloc(4 * LIVE_CHUNK_BYTES));
      // Dave pauses: his slot goes, and two others take both, talking on.
      await until(() => slotGiven(d.transcription.id), (given) => given, 20_000);
      const e = await startMic(t.db, erin);
      const f = await startMic(t.db, frank);
      expect([e.live, f.live]).toEqual([true, true]);
      const talking = [talk(erin, e.transcription.id), talk(frank, f.transcription.id)];
      // Dave resumes and speaks: no slot, so no words yet, though nothing he sends is refused.
      await sendAudio(t.db, dave, d.transcription.id, SPEECH, 4, MAX_CHUNKS_PER_REQUEST);
      await new Promise((r) => setTimeout(r, 3 * IDLE_MS));
      expect(await liveDraft(t.db, d.transcription.id)).toEqual([]);
      // They stop; a slot frees, and Dave's words come.
      for (const stop of talking) await stop();
      await stopRecording(t.db, erin, e.transcription.id);
      await stopRecording(t.db, frank, f.transcription.id);
      const heard = await readUtterances(t.db, dave, d.transcription.id, saysCountry(0), 30_000);
      expect(heard.map((u) => u.text).join(" ")).toMatch(/country/);
      for (const [user, id] of [[dave, d.transcription.id], [erin, e.transcription.id], [frank, f.transcription.id]]) await deleteTranscription(t.db, user, id);
    }, 120_000);

    /** Whether the recording's live slot was given back. */
    async function slotGiven(id: string): Promise<boolean> {
      const [session] = await t.db.select({ at: liveSessions.slotReleasedAtChunk }).from(liveSessions).where(eq(liveSessions.transcriptionId, id));
      return session?.at != null;
    }

    /** A browser recording on: a chunk of quiet every LIVE_CHUNK_MS until the returned function is called. */
    function talk(user: string, id: string): () => Promise<void> {
      let on = true;
      const going = (async () => {
        for (let seq = 0; on; seq++) {
          await receiveChunks(t.db, user, id, seq, Buffer.alloc(LIVE_CHUNK_BYTES));
          await new Promise((r) => setTimeout(r, LIVE_CHUNK_MS));
        }
      })();
      return async () => {
        on = false;
        await going;
      };
    }
  });
});
