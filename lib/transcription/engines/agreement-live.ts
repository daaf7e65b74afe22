import path from "node:path";
import type { WordTiming } from "@/lib/db/schema";
import { BYTES_PER_SECOND } from "@/lib/audio/wav";
import { bytesOf, hasSound } from "./pcm-pauses";
import { transcribePcm } from "./transcribe-pcm";
import type { Engine, LiveRequest, LiveTranscriber } from "./types";

/** A new pass over the unconfirmed audio after this much more has arrived. */
const PASS_EVERY_MS = 1_000;
/** Unconfirmed audio longer than this is confirmed up to its last PASS_EVERY_MS regardless. */
const MAX_WINDOW_MS = 20_000;

const norm = (word: string) => word.toLowerCase().replace(/[^\p{L}\p{N}']/gu, "");

/**
 * LocalAgreement-2: the words at the start of two consecutive hypotheses over the same
 * audio that agree are confirmed — a later pass with more context rarely changes them.
 */
export function agreedPrefix(previous: readonly WordTiming[], current: readonly WordTiming[]): number {
  let n = 0;
  while (n < previous.length && n < current.length && norm(previous[n].word) === norm(current[n].word)) n++;
  return n;
}

/**
 * Live transcription for whisper: a window over the audio not yet confirmed is transcribed
 * again every second as it grows; words two consecutive passes agree on are confirmed and
 * reported, the window then starts after the last confirmed word, and the rest is shown as
 * pending text. The delay from the end of a word to its confirmation is about one pass
 * interval plus two passes' compute time (whisper hears each word twice before it counts).
 */
export function agreementLive(engine: Pick<Engine, "transcribe">, request: LiveRequest): LiveTranscriber {
  const abort = new AbortController();
  let window = Buffer.alloc(0);
  let windowStartMs = request.offsetMs;
  let sinceLastPass = 0;
  let previous: WordTiming[] = [];
  let confirmedText = "";
  let confirmedEndMs = request.offsetMs;
  let passNo = 0;

  const hypothesis = async (): Promise<WordTiming[]> => {
    if (!hasSound(window)) return [];
    const file = path.join(request.workDir, `live-window-${passNo++ % 2}.wav`);
    const segments = await transcribePcm(engine, window, { file, language: request.language, textBefore: confirmedText, vocabulary: request.vocabulary, signal: abort.signal });
    return segments.flatMap((s) => s.words ?? [{ word: s.text, start_ms: s.startMs, end_ms: s.endMs }]);
  };

  const confirm = async (words: WordTiming[]) => {
    if (!words.length) return;
    // Whisper's times at a window's edges can reach before the last confirmed word or past the audio: kept in order, inside it.
    const windowEndMs = windowStartMs + (window.length / BYTES_PER_SECOND) * 1000;
    const absolute = words.map((w) => {
      const start_ms = Math.min(Math.max(w.start_ms + windowStartMs, confirmedEndMs), windowEndMs);
      const end_ms = Math.min(Math.max(w.end_ms + windowStartMs, start_ms), windowEndMs);
      confirmedEndMs = end_ms;
      return { ...w, start_ms, end_ms };
    });
    const text = absolute.map((w) => w.word).join(" ");
    confirmedText += ` ${text}`;
    await request.onUtterance({ startMs: absolute[0].start_ms, endMs: absolute.at(-1)!.end_ms, text, words: absolute });
    // The next window starts where the last confirmed word ends.
    const cutMs = words.at(-1)!.end_ms;
    const cut = Math.min(window.length, bytesOf(cutMs));
    window = Buffer.from(window.subarray(cut));
    windowStartMs += (cut / BYTES_PER_SECOND) * 1000;
  };

  const pass = async () => {
    const current = await hypothesis();
    if (abort.signal.aborted) return;
    const windowMs = (window.length / BYTES_PER_SECOND) * 1000;
    let agreed = agreedPrefix(previous, current);
    // Speech that never settles (or a long run on) is confirmed rather than held back for ever.
    if (windowMs > MAX_WINDOW_MS) agreed = Math.max(agreed, current.filter((w) => w.end_ms < windowMs - PASS_EVERY_MS).length);
    const confirmed = current.slice(0, agreed);
    await confirm(confirmed);
    const cutMs = confirmed.at(-1)?.end_ms ?? 0;
    previous = current.slice(agreed).map((w) => ({ ...w, start_ms: w.start_ms - cutMs, end_ms: w.end_ms - cutMs }));
    request.onPending?.(previous.map((w) => w.word).join(" "), windowStartMs + (window.length / BYTES_PER_SECOND) * 1000);
    // Silence with nothing pending is dropped, so the window does not grow through a pause.
    if (!previous.length && !hasSound(window)) {
      windowStartMs += (window.length / BYTES_PER_SECOND) * 1000;
      window = Buffer.alloc(0);
    }
  };

  return {
    async write(pcm) {
      abort.signal.throwIfAborted();
      window = Buffer.concat([window, pcm]);
      sinceLastPass += (pcm.length / BYTES_PER_SECOND) * 1000;
      // Passes run inside write: audio that arrives meanwhile waits, so a slow machine
      // passes less often over more audio instead of falling further behind.
      if (sinceLastPass >= PASS_EVERY_MS) {
        sinceLastPass = 0;
        await pass();
      }
    },
    async end() {
      if (abort.signal.aborted) return;
      // The last words have no later pass to agree with: the final hypothesis stands.
      const last = await hypothesis();
      await confirm(last);
      request.onPending?.("");
    },
    abort() {
      abort.abort();
    },
  };
}
