import type { Block, Run } from "./blocks";
import type { ExportDocument } from "./document";
import { finishText } from "./text-output";

const plain = (runs: Run[]) => runs.map((r) => r.text).join("");

function blockText(block: Block): string {
  switch (block.kind) {
    case "segment":
      return `${block.timestamp ? `[${block.timestamp}] ` : ""}${block.speaker ? `${block.speaker}: ` : ""}${block.text}`;
    case "heading":
    case "paragraph":
      return plain(block.runs);
    case "listItem":
      return `${"  ".repeat(block.depth)}${block.marker} ${plain(block.runs)}`;
  }
}

/** Plain text: title, date line, then the blocks separated by blank lines (list items by single newlines). */
export function renderTxt(doc: ExportDocument): string {
  let body = "";
  doc.blocks.forEach((block, i) => {
    const previous = doc.blocks[i - 1];
    if (previous) body += previous.kind === "listItem" && block.kind === "listItem" ? "\n" : "\n\n";
    body += blockText(block);
  });
  return finishText(`${doc.title}\n${doc.metaLine}\n\n${body}`);
}
