/** @run-alone: real engines on minutes of audio keep both cores busy (jest.config.mjs). */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { BYTES_PER_SECOND, WAV_HEADER_BYTES } from "@/lib/audio/wav";
import { inspectAndNormalise } from "@/lib/transcription/audio";
import { addRule } from "@/lib/vocabulary/rules";
import { addTerm } from "@/lib/vocabulary/terms";
import { runJob } from "@/lib/jobs/run-job";
import { claim, insertJob } from "@/lib/jobs/store";
import { deleteTranscription } from "@/lib/transcription/deletion";
import { transcriptionOptions } from "@/lib/transcription/options";
import { sphinxEngine } from "@/lib/transcription/engines/sphinx";
import type { Engine, LiveRequest, LiveTranscriber } from "@/lib/transcription/engines/types";
import { BACKENDS, useOpenedDatabase } from "@/test/support/databases";
import { useTestEnv } from "@/test/support/env";
import { SPEECH, sendAudio, startMic, until } from "@/test/support/live-recording";
import { insertUser, signedInReader } from "@/test/support/users";
import { liveSessions, transcriptions } from "@/lib/db/schema";
import { liveDraft } from "@/lib/recordings/store/draft";
import { liveJob } from "./live-job";
import { liveEventStream } from "./live-events";
import { startRecording, stopRecording } from "./recording";
import { ApiUtterance, LivePending } from "@/lib/api/contract/recordings";
import { pause } from "@/lib/process/pause";
import { LIVE_CHUNK_BYTES, LIVE_CHUNK_MS } from "@/lib/recordings/store/pcm-chunks";

/** Chunks the engine hears before it shows words still changing. */
const PENDING_AFTER = 20;

/** An engine like whisper's live mode: words that may still change are shown (pending) before any utterance is final. */
function pendingEngine(): Engine & { shown: () => boolean } {
  let shown = false;
  return {
    ...sphinxEngine,
    async live(request: LiveRequest): Promise<LiveTranscriber> {
      let heard = 0;
      return {
        async write() {
          if (++heard !== PENDING_AFTER) return;
          request.onPending?.("ask not what your");
          shown = true;
        },
        async end() {},
        abort() {},
      };
    },
    shown: () => shown,
  };
}

describe.each(BACKENDS.slice(0, 1))("live runner on %s", (_name, open) => {
  useTestEnv({ TRANSCRIBE_ENGINE: "sphinx" });
  const t = useOpenedDatabase(open);

  /** A user's recording whose live job this test's worker holds. */
  async function recordingHeldByWorker() {
    const user = await insertUser(t.db);
    const { transcription } = await startMic(t.db, user);
    const id = transcription.id;
    await insertJob(t.db, { kind: "live", transcriptionId: id, userId: user });
    const job = await claim(t.db, "test-worker", ["live"], 30_000);
    if (!job) throw new Error("the live job was not claimed");
    return { user, id, job };
  }

  it("words still changing were shown, then the recording discarded: the seconds the engine had heard then stay used", async () => {
    const { user, id, job } = await recordingHeldByWorker();
    const engine = pendingEngine();
    const stopping = new AbortController();
    const run = runJob(t.db, job, liveJob({ engine }), { leaseMs: 30_000, stopping: stopping.signal });
    // 10 s of audio; no utterance is ever final, but the pending text was on screen.
    await sendAudio(t.db, user, id, Buffer.alloc(40 * LIVE_CHUNK_BYTES), 0, 40);
    expect(await until(async () => engine.shown(), (shown) => shown, 10_000)).toBe(true);
    // Written a moment later, as the browser's event stream reads it.
    await until(() => t.db.select({ ms: liveSessions.shownMs }).from(liveSessions).where(eq(liveSessions.transcriptionId, id)).then((r) => r[0]?.ms ?? 0), (ms) => ms > 0, 5_000);
    expect((await t.db.select({ pending: liveSessions.pending }).from(liveSessions).where(eq(liveSessions.transcriptionId, id)))[0]?.pending).toBe("ask not what your");
    expect(await liveDraft(t.db, id)).toEqual([]);
    await deleteTranscription(t.db, user, id);
    // The job went with its transcription.
    expect(await run).toBe("lost");
    // The engine had taken the chunks before the one it was hearing when it showed words.
    expect((await transcriptionOptions(t.db, user)).usage.used_s).toBe(Math.ceil(((PENDING_AFTER - 1) * LIVE_CHUNK_MS) / 1000));
  });

  it("PocketSphinx word by word: words still changing are shown, each utterance replaces them in one step, nothing is said twice", async () => {
    const { user, id, job } = await recordingHeldByWorker();
    const stopping = new AbortController();
    const run = runJob(t.db, job, liveJob({ engine: sphinxEngine }), { leaseMs: 30_000, stopping: stopping.signal });
    // What the browser shows after each read of the event stream: the final utterances, then the words still changing.
    const views: Array<{ finals: string[]; pending: string }> = [];
    const stop = new AbortController();
    const reading = (async () => {
      const feed = { next: (_user: string, signal: AbortSignal) => pause(50, signal) };
      const reader = liveEventStream(t.db, feed, signedInReader(user), { id, userId: user }, stop.signal, 0).getReader();
      const decoder = new TextDecoder();
      let finals: string[] = [];
      let pending = "";
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        for (const event of decoder.decode(value).split("\n\n").filter(Boolean)) {
          const [, name, data] = /^event: (\w+)\ndata: (.*)$/s.exec(event) ?? [];
          // As the browser does: an utterance ends the words that were still changing (they were its draft).
          if (name === "utterance") [finals, pending] = [[...finals, ApiUtterance.parse(JSON.parse(data)).text], ""];
          if (name === "pending") pending = LivePending.parse(JSON.parse(data)).text;
          if (name === "end") return;
        }
        views.push({ finals, pending });
      }
    })();
    // JFK's 11 s and a second of quiet, a second at a time, as a browser sends it.
    await sendAudio(t.db, user, id, SPEECH, 0, 4, 1000);
    await stopRecording(t.db, user, id);
    expect(await run).toBe("done");
    // The stream has read what the worker wrote last.
    await new Promise((r) => setTimeout(r, 500));
    stop.abort();
    await reading;

    const draftTexts = views.at(-1)!.finals;
    expect(draftTexts.join(" ")).toMatch(/country/);
    // Words showed before the first utterance was final.
    const firstFinal = views.findIndex((v) => v.finals.length > 0);
    expect(views.slice(0, firstFinal).some((v) => v.pending.split(" ").length >= 2)).toBe(true);
    for (const [i, v] of views.entries()) {
      const before = views[i - 1];
      // The words of an utterance made final are never shown again as still changing.
      if (before && v.finals.length > before.finals.length && before.pending) expect(v.pending).not.toBe(before.pending);
      // Never shown twice: what is still changing never starts with the utterance just made final.
      const last = v.finals.at(-1);
      if (last && v.pending) expect(v.pending.startsWith(last)).toBe(false);
    }
    expect(views.at(-1)!.pending).toBe("");
  }, 60_000);

  it("a live recording is heard with its vocabulary and rules: a name spotted by its hint, a rule applied, its own terms kept", async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "verbatim-live-vocabulary-"));
    try {
      // The printers' passage of the read speech: PocketSphinx alone hears "soup yeah go" for
      // Subiaco, which it does not know; the spotter listens for it by its hint's sounds.
      const reading = path.join(dir, "read.wav");
      await inspectAndNormalise(path.resolve(__dirname, "../../test/fixtures/audio/read-speech.ogg"), reading);
      const start = WAV_HEADER_BYTES + 340 * BYTES_PER_SECOND;
      const pcm = readFileSync(reading).subarray(start, start + 19 * BYTES_PER_SECOND);
      const padded = Buffer.concat([pcm, Buffer.alloc(LIVE_CHUNK_BYTES - (pcm.length % LIVE_CHUNK_BYTES) + 32_000)]);

      const user = await insertUser(t.db);
      await addTerm(t.db, user, null, { term: "Subiaco", soundsLike: ["sue bee ah co"] });
      await addRule(t.db, user, null, { find: "near rome", replace: "near Rome" });
      const { transcription } = await startRecording(t.db, user, { title: "Printers", language: "en", mode: "mic", vocabulary: ["Pannartz"] });
      await insertJob(t.db, { kind: "live", transcriptionId: transcription.id, userId: user });
      const job = await claim(t.db, "test-worker", ["live"], 30_000);
      const run = runJob(t.db, job!, liveJob({ engine: sphinxEngine }), { leaseMs: 30_000, stopping: new AbortController().signal });
      await sendAudio(t.db, user, transcription.id, padded);
      await stopRecording(t.db, user, transcription.id);
      expect(await run).toBe("done");
      const text = (await liveDraft(t.db, transcription.id)).map((u) => u.text).join(" ");
      expect(text).toContain("monastery of Subiaco near Rome");
      expect(text).not.toContain("soup yeah go");
      // The recording's own term is in its vocabulary beside the user's (PocketSphinx cannot
      // pronounce "Pannartz" without a hint, so here it only reaches the prompt-taking engines).
      const [row] = await t.db.select({ vocabulary: transcriptions.vocabulary }).from(transcriptions).where(eq(transcriptions.id, transcription.id));
      expect(row.vocabulary?.map((v) => v.term)).toEqual(["Pannartz", "Subiaco"]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
