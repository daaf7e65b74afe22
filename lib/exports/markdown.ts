import type { Block } from "./blocks";
import type { ExportDocument } from "./document";
import { finishText } from "./text-output";

/**
 * Backslash-escapes what Markdown would read as markup in transcript text, so "a < b",
 * "*sigh*" or "&amp;" come out as typed. A "&" is escaped only where it would start an
 * entity, to keep ordinary text readable.
 */
function escapeMarkdown(text: string): string {
  return text
    .replace(/[\\`*_[\]<>#|~]/g, "\\$&")
    .replace(/&(?=#?[A-Za-z0-9]+;)/g, "\\&")
    .replace(/^(\d+)([.)])(?=\s|$)/, "$1\\$2")
    .replace(/^([-+=])/, "\\$1");
}

function segmentLine(block: Extract<Block, { kind: "segment" }>): string {
  const timestamp = block.timestamp ? `[${block.timestamp}] ` : "";
  const speaker = block.speaker ? `**${escapeMarkdown(block.speaker)}:** ` : "";
  return `${timestamp}${speaker}${escapeMarkdown(block.text)}`;
}

/**
 * Markdown: "# Title", the date line in italics, then one paragraph per segment, or the
 * formatted Markdown as it was written.
 */
export function renderMarkdown(doc: ExportDocument, formattedMarkdown: string | null): string {
  const header = `# ${escapeMarkdown(doc.title)}\n\n*${escapeMarkdown(doc.metaLine)}*\n\n`;
  if (formattedMarkdown !== null) return finishText(header + formattedMarkdown.replace(/\r\n?/g, "\n"));
  const segments = doc.blocks.flatMap((b) => (b.kind === "segment" ? [segmentLine(b)] : []));
  return finishText(header + segments.join("\n\n"));
}
