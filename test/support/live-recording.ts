import { readFileSync } from "node:fs";
import path from "node:path";
import { ApiUtterance } from "@/lib/api/contract/recordings";
import type { Database } from "@/lib/db/client";
import { liveEventStream } from "@/lib/recordings/live-events";
import { LIVE_CHUNK_BYTES } from "@/lib/recordings/store/pcm-chunks";
import { receiveChunks, startRecording } from "@/lib/recordings/recording";
import { pause } from "@/lib/process/pause";
import { WAV_HEADER_BYTES } from "@/lib/audio/wav";
import { signedInReader } from "./users";

const JFK = readFileSync(path.resolve(__dirname, "../fixtures/audio/jfk.wav")).subarray(WAV_HEADER_BYTES);
/** JFK (11 s) and a second of silence, cut into whole chunks (the browser pads the last one). */
export const SPEECH = Buffer.concat([JFK, Buffer.alloc(32_000 + (LIVE_CHUNK_BYTES - (JFK.length % LIVE_CHUNK_BYTES)))]);
export const SPEECH_CHUNKS = SPEECH.length / LIVE_CHUNK_BYTES;

export const startMic = (db: Database, user: string) => startRecording(db, user, { title: "Standup", language: "en", mode: "mic" });

/** Sends `pcm` as the browser does: `perRequest` chunks a request from `firstSeq`, `paceMs` apart. */
export async function sendAudio(db: Database, user: string, id: string, pcm: Buffer, firstSeq = 0, perRequest = 4, paceMs = 0) {
  for (let at = 0, seq = firstSeq; at < pcm.length; at += perRequest * LIVE_CHUNK_BYTES, seq += perRequest) {
    await receiveChunks(db, user, id, seq, pcm.subarray(at, at + perRequest * LIVE_CHUNK_BYTES));
    if (paceMs) await new Promise((r) => setTimeout(r, paceMs));
  }
}

/** Reads `what` every 100 ms until `ok` holds or `ms` pass; the last value either way. */
export async function until<T>(what: () => Promise<T>, ok: (v: T) => boolean, ms = 60_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await what();
    if (ok(v) || Date.now() > end) return v;
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * The live text as the browser reads it: the `utterance` events of the recording's event
 * stream, until `enough` holds of them, the stream ends, or `ms` pass.
 */
export async function readUtterances(
  db: Database,
  user: string,
  id: string,
  enough: (heard: ApiUtterance[]) => boolean,
  ms = 60_000,
): Promise<ApiUtterance[]> {
  const stop = new AbortController();
  const timer = setTimeout(() => stop.abort(), ms);
  const feed = { next: (_user: string, signal: AbortSignal) => pause(100, signal) };
  const reader = liveEventStream(db, feed, signedInReader(user), { id, userId: user }, stop.signal, 0).getReader();
  const decoder = new TextDecoder();
  const heard: ApiUtterance[] = [];
  let buffer = "";
  try {
    while (!enough(heard)) {
      const { value, done } = await reader.read();
      if (done) break;
      buffer += decoder.decode(value, { stream: true });
      for (let end = buffer.indexOf("\n\n"); end >= 0; end = buffer.indexOf("\n\n")) {
        const data = /^event: utterance\ndata: (.*)$/m.exec(buffer.slice(0, end));
        if (data) heard.push(ApiUtterance.parse(JSON.parse(data[1])));
        buffer = buffer.slice(end + 2);
      }
    }
  } finally {
    clearTimeout(timer);
    stop.abort();
    await reader.cancel().catch(() => {});
  }
  return heard;
}
