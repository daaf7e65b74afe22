/** A piece of inline text; bold survives in the formats that can show it. */
export interface Run {
  text: string;
  bold: boolean;
}

/**
 * The format-neutral content every document renderer (TXT, PDF, DOCX) walks: raw
 * segments, or the blocks of the formatted Markdown.
 */
export type Block =
  | { kind: "segment"; timestamp: string | null; speaker: string | null; text: string }
  | { kind: "heading"; level: 1 | 2 | 3; runs: Run[] }
  | { kind: "paragraph"; runs: Run[] }
  /** marker is "•" for bullets or "3." for numbered items; depth 0 is the outermost list. */
  | { kind: "listItem"; depth: number; marker: string; runs: Run[] };
