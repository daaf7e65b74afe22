import type { EngineSegment } from "./engines/types";

/** A stretch of the recording as one pass heard it. */
interface Heard {
  startMs: number;
  endMs: number;
  segments: EngineSegment[];
}

/** The engine's own confidence in a stretch: the mean over its words (null when it gave none). */
function confidenceOf(segments: readonly EngineSegment[]): number | null {
  const values = segments.flatMap((s) => (s.words?.length ? s.words.map((w) => w.confidence) : [s.confidence])).filter((c): c is number => typeof c === "number");
  return values.length ? values.reduce((a, b) => a + b, 0) / values.length : null;
}

/**
 * Stretches where the two passes heard speech: overlapping segments of either pass are one
 * stretch, so each is compared over the same audio.
 */
function stretches(live: readonly EngineSegment[], final: readonly EngineSegment[]): Array<{ live: Heard; final: Heard }> {
  const all = [...live.map((s) => ({ s, live: true })), ...final.map((s) => ({ s, live: false }))].sort((a, b) => a.s.startMs - b.s.startMs);
  const out: Array<{ live: Heard; final: Heard }> = [];
  for (const { s, live: isLive } of all) {
    let current = out.at(-1);
    const endMs = current ? Math.max(current.live.endMs, current.final.endMs) : -1;
    if (!current || s.startMs >= endMs) {
      current = { live: { startMs: s.startMs, endMs: s.startMs, segments: [] }, final: { startMs: s.startMs, endMs: s.startMs, segments: [] } };
      out.push(current);
    }
    const side = isLive ? current.live : current.final;
    side.segments.push(s);
    side.endMs = Math.max(side.endMs, s.endMs);
  }
  return out;
}

export interface LiveOrFinal {
  segments: EngineSegment[];
  /** stretches where the live text was kept */
  keptLive: number;
  stretches: number;
}

/**
 * A recording's transcript from its full-quality pass and its live text, when the same
 * engine made both (their confidences are then on one scale): over each stretch of speech,
 * the pass the engine was more sure of — the mean of its words' confidences — is kept; the
 * full-quality pass wins a tie, and wherever only one pass heard words (the full pass alone
 * decides where there is speech). With a better engine for the full pass, it is kept whole.
 */
export function liveOrFinal(final: readonly EngineSegment[], live: readonly EngineSegment[], sameEngine: boolean): LiveOrFinal {
  if (!sameEngine || !live.length) return { segments: [...final], keptLive: 0, stretches: 0 };
  const parts = stretches(live, final);
  let keptLive = 0;
  const segments = parts.flatMap(({ live: l, final: f }) => {
    if (!f.segments.length) return [];
    const liveConfidence = l.segments.length ? confidenceOf(l.segments) : null;
    const finalConfidence = confidenceOf(f.segments);
    if (liveConfidence !== null && finalConfidence !== null && liveConfidence > finalConfidence) {
      keptLive++;
      return l.segments;
    }
    return f.segments;
  });
  return { segments, keptLive, stretches: parts.length };
}
