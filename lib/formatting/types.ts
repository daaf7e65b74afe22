import type { ApiSegment } from "@/lib/api/contract/transcription";

/** What the formatters read from a segment (an `ApiSegment` fits; confidence is not used). */
export type SegmentInput = Pick<ApiSegment, "start_ms" | "end_ms" | "text" | "words" | "speaker">;

/** One paragraph of the basic-formatted transcript, still plain text (not Markdown-escaped). */
export interface FormattedParagraph {
  /** The speaker label to print in front of this paragraph, or null for none (same speaker as before, or unknown). */
  speaker: string | null;
  text: string;
}
