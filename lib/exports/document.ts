import { DomainError } from "@/lib/errors/domain-error";
import type { ApiSegment } from "@/lib/api/contract/transcription";
import { formatDuration, formatTimestamp } from "@/lib/text/time-format";
import type { Block } from "./blocks";
import { parseFormattedMarkdown } from "./markdown-blocks";

/** What is exported: the transcription as the caller loaded it (no database access here). */
export interface ExportSource {
  title: string;
  /** Shown as the document date. */
  createdAt: Date;
  durationS: number;
  /** A display name such as "English", or null when unknown. */
  language: string | null;
  /** The (user-edited) raw transcript, in order. */
  segments: ApiSegment[];
  /** The formatted version as Markdown (headings, paragraphs, "- " lists, **bold**), if any. */
  formattedMarkdown: string | null;
}

export interface ExportOptions {
  timestamps: boolean;
  version: "raw" | "formatted";
  /** IANA time zone for the document date, validated by the caller (e.g. "UTC"). */
  timeZone: string;
}

export const NO_FORMATTED_VERSION =
  "This transcript has no formatted version yet. Format it first, or export the raw transcript.";

export interface ExportDocument {
  title: string;
  /** "21 November 2026, 14:05 · Duration 1:15 · English" */
  metaLine: string;
  blocks: Block[];
}

/** Collapses all whitespace (including newlines) so one block stays one line of text. */
export function collapseWhitespace(text: string): string {
  return text.replace(/\s+/g, " ").trim();
}

/** "21 November 2026, 14:05": en-GB long date and 24-hour time in the given zone. */
function formatDocumentDate(date: Date, timeZone: string): string {
  // Assembled from parts because the joiner between date and time (", " or " at ")
  // differs between ICU versions.
  const parts = new Intl.DateTimeFormat("en-GB", {
    timeZone,
    day: "numeric",
    month: "long",
    year: "numeric",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  }).formatToParts(date);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? "";
  return `${part("day")} ${part("month")} ${part("year")}, ${part("hour")}:${part("minute")}`;
}

function metaLine(source: ExportSource, timeZone: string): string {
  const items = [formatDocumentDate(source.createdAt, timeZone), `Duration ${formatDuration(source.durationS)}`];
  if (source.language) items.push(source.language);
  return items.join(" · ");
}

/** The raw transcript as one block per non-empty segment. */
function segmentBlocks(segments: ApiSegment[], timestamps: boolean): Block[] {
  return segments.flatMap((s): Block[] => {
    const text = collapseWhitespace(s.text);
    if (!text) return [];
    const speaker = s.speaker ? collapseWhitespace(s.speaker) || null : null;
    return [{ kind: "segment", timestamp: timestamps ? formatTimestamp(s.start_ms) : null, speaker, text }];
  });
}

/** The formatted Markdown; a `conflict` when there is none yet. */
function requireFormatted(source: ExportSource): string {
  if (source.formattedMarkdown === null || !source.formattedMarkdown.trim()) {
    throw new DomainError("conflict", NO_FORMATTED_VERSION);
  }
  return source.formattedMarkdown;
}

export function buildDocument(source: ExportSource, options: ExportOptions): ExportDocument {
  const blocks =
    options.version === "formatted"
      ? parseFormattedMarkdown(requireFormatted(source))
      : segmentBlocks(source.segments, options.timestamps);
  return { title: documentTitle(source.title), metaLine: metaLine(source, options.timeZone), blocks };
}

function documentTitle(title: string): string {
  return collapseWhitespace(title) || "Transcript";
}
