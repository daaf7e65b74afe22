/** Where someone speaks in a piece of audio, in ms from its start. */
export interface SpeechSpan {
  startMs: number;
  endMs: number;
}

/** Spans closer than this are one: whisper hears a sentence better whole. */
const JOIN_GAP_MS = 1_000;
/** Kept on each side of a span, so first and last syllables are not clipped. */
const PAD_MS = 200;
/** Silence put between spans in the compacted audio, so whisper hears a break. */
export const COMPACTED_GAP_MS = 300;

/** The voice-activity model's spans (centiseconds) as padded, joined spans in ms. */
export function speechSpans(vad: ReadonlyArray<{ t0: number; t1: number }>, durationMs: number): SpeechSpan[] {
  const spans: SpeechSpan[] = [];
  for (const { t0, t1 } of [...vad].sort((a, b) => a.t0 - b.t0)) {
    const startMs = Math.max(0, Math.round(t0 * 10) - PAD_MS);
    const endMs = Math.min(durationMs, Math.round(t1 * 10) + PAD_MS);
    if (endMs <= startMs) continue;
    const last = spans.at(-1);
    if (last && startMs - last.endMs < JOIN_GAP_MS) last.endMs = Math.max(last.endMs, endMs);
    else spans.push({ startMs, endMs });
  }
  return spans;
}

/**
 * Times in audio made of the spans back to back (COMPACTED_GAP_MS apart) mapped back to
 * times in the original: a time in a gap goes to the end of the span before it.
 */
export function toOriginalTime(spans: readonly SpeechSpan[]): (compactedMs: number) => number {
  const starts: number[] = [];
  let at = 0;
  for (const s of spans) {
    starts.push(at);
    at += s.endMs - s.startMs + COMPACTED_GAP_MS;
  }
  return (ms) => {
    let k = 0;
    while (k + 1 < spans.length && starts[k + 1] <= ms) k++;
    const span = spans[k];
    if (!span) return ms;
    return span.startMs + Math.min(Math.max(0, ms - starts[k]), span.endMs - span.startMs);
  };
}
