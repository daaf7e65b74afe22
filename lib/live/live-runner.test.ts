import { eq } from "drizzle-orm";
import { runJob } from "@/lib/jobs/run-job";
import { claim, enqueue } from "@/lib/jobs/store";
import { deleteTranscription } from "@/lib/transcription/queries";
import { transcriptionOptions } from "@/lib/transcription/options";
import { sphinxEngine } from "@/lib/transcription/engines/sphinx";
import type { Engine, LiveRequest, LiveTranscriber } from "@/lib/transcription/engines/types";
import { BACKENDS, useOpenedDatabase } from "@/test/support/databases";
import { useTestEnv } from "@/test/support/env";
import { sendAudio, startMic, until } from "@/test/support/live-recording";
import { insertUser } from "@/test/support/users";
import { liveSessions } from "@/lib/db/schema";
import { liveDraft } from "@/lib/recordings/draft";
import { liveJob } from "./live-runner";
import { LIVE_CHUNK_BYTES, LIVE_CHUNK_MS } from "@/lib/recordings/pcm-chunks";

/** Chunks the engine hears before it shows words still changing. */
const PENDING_AFTER = 20;

/** An engine like whisper's live mode: words that may still change are shown (pending) before any utterance is final. */
function pendingEngine(): Engine & { shown: () => boolean } {
  let shown = false;
  return {
    ...sphinxEngine,
    live(request: LiveRequest): LiveTranscriber {
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

  it("words still changing were shown, then the recording discarded: the seconds the engine had heard then stay used", async () => {
    const user = await insertUser(t.db);
    const { transcription } = await startMic(t.db, user);
    const id = transcription.id;
    await enqueue(t.db, { kind: "live", transcriptionId: id, userId: user });
    const job = await claim(t.db, "test-worker", ["live"], 30_000);
    if (!job) throw new Error("the live job was not claimed");
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
});
