import { call, detailOr } from "@/lib/api/client";
import { sendRecordingChunks, stopRecording } from "@/lib/api/endpoints/recordings";
import type { ApiTranscription } from "@/lib/api/contract/transcription";
import { MAX_CHUNKS_PER_REQUEST } from "@/lib/recordings/store/pcm-chunks";
import { sleep } from "./live-session";
import { acknowledgeChunks, forgetRecording, keptChunks, type VaultRecording } from "./recording-vault";

export type Delivery =
  | { kind: "saved"; transcription: ApiTranscription | null }
  /** the server had already ended it (a day went by, or it was deleted): it stands as the server had it */
  | { kind: "gone"; message: string }
  | { kind: "offline" }
  | { kind: "failed"; message: string };

/** The server busy (429, 5xx): asked again this often, at most this many times in a row before trying later. */
const BUSY_RETRY_MS = 2000;
const MAX_WAITS = 60;
const SERVER_BUSY = "The server is busy. The recording is kept on this device and sent again in a moment.";

/**
 * Finishes a recording kept on this device: the chunks the server never acknowledged go
 * (again: a chunk it already has is stored once), in order, 10 s a request, then the
 * recording stops and becomes a transcription. The kept copy goes only once that is done.
 */
export async function deliverKept(r: VaultRecording): Promise<Delivery> {
  if (!r.serverId) throw new Error("a recording made offline is uploaded as a file");
  const id = r.serverId;
  let from = 0;
  let waits = 0;
  for (;;) {
    const batch = await keptChunks(r.localId, from, MAX_CHUNKS_PER_REQUEST);
    if (!batch.length) break;
    // Only a run without gaps goes in one request.
    const run = batch.filter((c, i) => c.seq === batch[0].seq + i);
    const sent = await call(sendRecordingChunks, {
      params: { id },
      query: { seq: run[0].seq },
      body: new Blob(run.map((c) => c.pcm as BlobPart), { type: "application/octet-stream" }),
    });
    if (sent.ok) {
      await acknowledgeChunks(r.localId, run[run.length - 1].seq + 1);
      from = run[run.length - 1].seq + 1;
      waits = 0;
      continue;
    }
    if (sent.status === 0) return { kind: "offline" };
    if (sent.status === 429 || sent.status >= 500) {
      if (++waits > MAX_WAITS) return { kind: "failed", message: SERVER_BUSY };
      await sleep(BUSY_RETRY_MS);
      continue;
    }
    if (sent.body?.reason === "order" || sent.body?.reason === "quota") {
      // The plan's time ran out, or the server lacks chunks this device no longer has (storage
      // cleared): the rest cannot follow, what arrived becomes the transcription.
      break;
    }
    if (sent.status === 404 || sent.body?.reason === "ended") {
      await forgetRecording(r.localId);
      return { kind: "gone", message: detailOr(sent, "This recording has ended.") };
    }
    return { kind: "failed", message: detailOr(sent, "The recording could not be saved.") };
  }
  const stopped = await call(stopRecording, { params: { id } });
  if (!stopped.ok) {
    if (stopped.status === 0) return { kind: "offline" };
    if (stopped.status === 404) {
      await forgetRecording(r.localId);
      return { kind: "gone", message: detailOr(stopped, "This recording has ended.") };
    }
    return { kind: "failed", message: detailOr(stopped, "The recording could not be stopped.") };
  }
  await forgetRecording(r.localId);
  return { kind: "saved", transcription: stopped.data.transcription };
}
