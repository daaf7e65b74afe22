import { AlignmentType, Document, HeadingLevel, Packer, Paragraph, TextRun } from "docx";
import type { Block, Run } from "./blocks";
import type { ExportDocument } from "./document";

const MUTED = "6B7280";
const HEADINGS = { 1: HeadingLevel.HEADING_1, 2: HeadingLevel.HEADING_2, 3: HeadingLevel.HEADING_3 } as const;

const runs = (items: Run[]) => items.map((r) => new TextRun({ text: r.text, bold: r.bold }));

function blockParagraph(block: Block): Paragraph {
  switch (block.kind) {
    case "segment": {
      const children: TextRun[] = [];
      if (block.timestamp) children.push(new TextRun({ text: `[${block.timestamp}] `, color: MUTED }));
      if (block.speaker) children.push(new TextRun({ text: `${block.speaker}: `, bold: true }));
      children.push(new TextRun(block.text));
      return new Paragraph({ children, spacing: { after: 160 } });
    }
    case "heading":
      return new Paragraph({ heading: HEADINGS[block.level], children: runs(block.runs) });
    case "paragraph":
      return new Paragraph({ children: runs(block.runs), spacing: { after: 160 } });
    case "listItem":
      if (block.marker === "•") return new Paragraph({ bullet: { level: Math.min(block.depth, 8) }, children: runs(block.runs) });
      // Numbered items keep their number as text: Word numbering would need a numbering
      // definition per list only to show the same digits.
      return new Paragraph({
        children: [new TextRun(`${block.marker}\t`), ...runs(block.runs)],
        indent: { left: 360 * (block.depth + 1), hanging: 360 },
      });
  }
}

/** A Word document: Title style, muted date line, then segments or the formatted blocks. */
export async function renderDocx(document: ExportDocument): Promise<Uint8Array<ArrayBuffer>> {
  const file = new Document({
    title: document.title,
    creator: "Verbatim",
    sections: [
      {
        children: [
          new Paragraph({ heading: HeadingLevel.TITLE, children: [new TextRun(document.title)] }),
          new Paragraph({
            alignment: AlignmentType.LEFT,
            spacing: { after: 240 },
            children: [new TextRun({ text: document.metaLine, color: MUTED })],
          }),
          ...document.blocks.map(blockParagraph),
        ],
      },
    ],
  });
  return new Uint8Array(await Packer.toBuffer(file));
}
