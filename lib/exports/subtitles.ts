import type { ApiSegment } from "@/lib/api/contract/transcription";
import { buildCues } from "./cues";

/** 3_723_004 → "01:02:03,004" (SRT) or "01:02:03.004" (WebVTT). */
export function formatCueTime(ms: number, separator: "," | "."): string {
  const total = Math.max(0, Math.round(ms));
  const pad = (n: number, width = 2) => String(n).padStart(width, "0");
  const h = Math.floor(total / 3_600_000);
  const m = Math.floor((total % 3_600_000) / 60_000);
  const s = Math.floor((total % 60_000) / 1000);
  return `${pad(h)}:${pad(m)}:${pad(s)}${separator}${pad(total % 1000, 3)}`;
}

/**
 * SubRip: numbered cues separated by a blank line. Cue lines come whitespace-collapsed
 * from the cue builder, so no text line can be empty and end a cue early.
 */
export function renderSrt(segments: ApiSegment[]): string {
  const blocks = buildCues(segments).map(
    (cue, i) => `${i + 1}\n${formatCueTime(cue.startMs, ",")} --> ${formatCueTime(cue.endMs, ",")}\n${cue.lines.join("\n")}\n`,
  );
  return blocks.join("\n");
}

/** WebVTT cue text is markup: "&", "<" and ">" must be character references. */
function escapeVtt(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

export function renderVtt(segments: ApiSegment[]): string {
  const blocks = buildCues(segments).map(
    (cue) => `${formatCueTime(cue.startMs, ".")} --> ${formatCueTime(cue.endMs, ".")}\n${cue.lines.map(escapeVtt).join("\n")}\n`,
  );
  return ["WEBVTT\n", ...blocks].join("\n");
}
