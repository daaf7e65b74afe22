/** One live recording as the page makes it, and how its chunks reach the server. */
import { call, detailOr } from "@/lib/api/client";
import { sendRecordingChunks } from "@/lib/api/endpoints/recordings";
import { CONNECTION_LOST } from "@/lib/recordings/recording-texts";
import { LIVE_CHUNK_MS, MAX_CHUNKS_PER_REQUEST } from "@/lib/recordings/store/pcm-chunks";
import type { AudioInput } from "./audio-input";
import { acknowledgeChunks, forgetRecording, updateRecording } from "./recording-vault";

/**
 * Chunks go a second at a time (four of 250 ms in one request): a request per chunk cost
 * PostgreSQL about four times the CPU and transactions per recording (`npm run bench:live-db`,
 * docs/deploy.md); live words show at most 0.75 s later for it.
 */
const CHUNKS_PER_SEND = 1000 / LIVE_CHUNK_MS;

export interface Session {
  /** the server's recording; null: started with no network, kept on this device and uploaded as a file once stopped */
  id: string | null;
  /** its name in the device's vault (./recording-vault.ts) */
  localId: string;
  allowanceS: number | null;
  input: AudioInput;
  worklet: AudioWorkletNode;
  queue: Uint8Array[];
  /** number of the first chunk in `queue` */
  firstSeq: number;
  paused: boolean;
  ending: boolean;
  wake: (() => void) | null;
  frame: number;
  keepalive: ReturnType<typeof setInterval> | null;
  /** the vault's writes and deletes, in order: a chunk is kept before its acknowledgement deletes it */
  vaultOps: Promise<unknown>;
  /** lets go of the screen wake lock */
  releaseWake: () => void;
  /** lets go of the recording (./recording-vault.ts holdRecording): only once the vault's writes are done, or another tab could take it half-written */
  releaseHold: () => void;
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Queues a write or delete in the vault after the ones before it. A full or refused storage must not stop the recording: the chunks still go to the server. */
export function inVault(s: Session, op: () => Promise<unknown>): void {
  s.vaultOps = s.vaultOps.then(op).catch(() => undefined);
}

interface SendEvents {
  /** still the page's recording */
  current: () => boolean;
  /** the server took chunks; the plan's seconds left */
  reached: (remainingS: number | null) => void;
  /** a request could not reach the server: the chunks wait (in the queue and the vault) */
  unreachable: () => void;
  stopFor: (why: string) => void;
}

/** Sends queued chunks in order until the recording ends and the queue is empty, each acknowledged batch leaving the vault. */
export async function sendChunks(s: Session, id: string, on: SendEvents): Promise<void> {
  let backoff = 500;
  while (on.current() && (!s.ending || s.queue.length)) {
    // Until a second's worth is queued, unless the recording pauses or ends (or no chunk came for a second).
    if (!s.queue.length || (s.queue.length < CHUNKS_PER_SEND && !s.ending && !s.paused)) {
      const waitFor = s.queue.length ? 1000 : null;
      await new Promise<void>((resolve) => {
        s.wake = resolve;
        if (waitFor) setTimeout(resolve, waitFor);
      });
      s.wake = null;
      continue;
    }
    const batch = s.queue.slice(0, MAX_CHUNKS_PER_REQUEST);
    const result = await call(sendRecordingChunks, {
      params: { id },
      query: { seq: s.firstSeq },
      body: new Blob(batch as BlobPart[], { type: "application/octet-stream" }),
    });
    if (result.ok) {
      s.queue.splice(0, batch.length);
      s.firstSeq += batch.length;
      const acked = s.firstSeq;
      inVault(s, () => acknowledgeChunks(s.localId, acked));
      backoff = 500;
      on.reached(result.data.remaining_s);
      continue;
    }
    if (result.status === 0 || result.status >= 500 || result.status === 429) {
      // Offline or the server is busy: the same chunks again, a little later (kept on the device meanwhile).
      if (result.status === 0) on.unreachable();
      await sleep(backoff);
      backoff = Math.min(5000, backoff * 2);
      continue;
    }
    s.queue.length = 0;
    // The server has ended it or has all the plan allows: nothing kept can follow. Any other
    // refusal leaves the kept chunks for the kept recordings to finish (./deliver-kept.ts).
    const over = result.status === 404 || result.body?.reason === "ended" || result.body?.reason === "quota";
    inVault(s, () => (over ? forgetRecording(s.localId) : updateRecording(s.localId, { state: "stopped" })));
    if (result.body?.reason === "quota") on.stopFor(result.text);
    else if (result.body?.reason === "ended") on.stopFor(CONNECTION_LOST);
    else on.stopFor(detailOr(result, "The recording could not be saved."));
    return;
  }
}
