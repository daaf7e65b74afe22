import path from "node:path";
import { BYTES_PER_SECOND } from "@/lib/audio/wav";
import { bytesOf, hasSound, quietestMs, trailingPauseMs } from "./pcm-pauses";
import { transcribePcm } from "./transcribe-pcm";
import type { Engine, EngineSegment, LiveRequest, LiveTranscriber } from "./types";

/** A piece is sent once it holds this much and the speaker pauses … */
export const MIN_PIECE_MS = 5_000;
/** … for this long; */
const PAUSE_MS = 400;
/** and at this length whatever happens, cut at its quietest moment. */
export const MAX_PIECE_MS = 15_000;

const shifted = (s: EngineSegment, byMs: number): EngineSegment => ({
  ...s,
  startMs: s.startMs + byMs,
  endMs: s.endMs + byMs,
  words: s.words?.map((w) => ({ ...w, start_ms: w.start_ms + byMs, end_ms: w.end_ms + byMs })),
});

/**
 * Live transcription for engines that take whole files (an OpenAI-compatible API, Parakeet):
 * the audio is cut into pieces of 5–15 s at pauses, and each piece goes to the engine's
 * batch call as soon as it is cut, one at a time, with the text before it as the prompt.
 */
export function piecewiseLive(engine: Pick<Engine, "transcribe">, request: LiveRequest): LiveTranscriber {
  const abort = new AbortController();
  let buffer = Buffer.alloc(0);
  let bufferStartMs = request.offsetMs;
  let previousText = "";
  let pieceNo = 0;
  let queue: Promise<void> = Promise.resolve();
  let failure: unknown = null;
  let waiting = 0;

  const send = (pcm: Buffer, startMs: number) => {
    if (!hasSound(pcm)) return;
    const file = path.join(request.workDir, `live-piece-${pieceNo++}.wav`);
    waiting++;
    queue = queue.then(async () => {
      waiting--;
      if (abort.signal.aborted || failure) return;
      try {
        const segments = await transcribePcm(engine, pcm, { file, language: request.language, textBefore: previousText, vocabulary: request.vocabulary, signal: abort.signal });
        for (const s of segments) {
          if (abort.signal.aborted) return;
          previousText += ` ${s.text}`;
          await request.onUtterance(shifted(s, startMs));
        }
      } catch (error) {
        if (!abort.signal.aborted) failure = error;
      }
    });
  };

  const cut = (atMs: number) => {
    const at = bytesOf(atMs);
    send(buffer.subarray(0, at), bufferStartMs);
    buffer = Buffer.from(buffer.subarray(at));
    bufferStartMs += (at / BYTES_PER_SECOND) * 1000;
  };

  return {
    async write(pcm) {
      if (failure) throw failure;
      buffer = Buffer.concat([buffer, pcm]);
      const lengthMs = (buffer.length / BYTES_PER_SECOND) * 1000;
      if (lengthMs >= MIN_PIECE_MS && trailingPauseMs(buffer) >= PAUSE_MS) cut(lengthMs - PAUSE_MS / 2);
      else if (lengthMs >= MAX_PIECE_MS) cut(quietestMs(buffer, MIN_PIECE_MS, lengthMs));
      // An engine slower than speech: the recording waits here rather than piling up pieces.
      if (waiting > 2) await queue;
    },
    async end() {
      if (buffer.length) cut((buffer.length / BYTES_PER_SECOND) * 1000);
      await queue;
      if (failure) throw failure;
    },
    abort() {
      abort.abort();
    },
  };
}
