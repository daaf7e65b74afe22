import MarkdownIt from "markdown-it";
import type { Block, Run } from "./blocks";

// html: false keeps any tags in the text as literal characters; no links are made from
// bare URLs because the exports show text, not hyperlinks.
const markdown = new MarkdownIt({ html: false, linkify: false });

type Token = ReturnType<typeof markdown.parse>[number];

/** Inline tokens as runs of text, bold or not; other markup (italic, links, code) keeps only its text. */
function inlineRuns(children: Token[]): Run[] {
  const runs: Run[] = [];
  let bold = 0;
  const push = (text: string) => {
    if (!text) return;
    const last = runs.at(-1);
    if (last && last.bold === bold > 0) last.text += text;
    else runs.push({ text, bold: bold > 0 });
  };
  for (const token of children) {
    if (token.type === "strong_open") bold++;
    else if (token.type === "strong_close") bold = Math.max(0, bold - 1);
    else if (token.type === "text" || token.type === "code_inline" || token.type === "html_inline") push(token.content);
    else if (token.type === "softbreak" || token.type === "hardbreak") push(" ");
    else if (token.type === "image") push(token.content);
  }
  return tidyRuns(runs);
}

/** Collapses whitespace across run boundaries and trims the ends of the whole line. */
function tidyRuns(runs: Run[]): Run[] {
  const out: Run[] = [];
  for (const run of runs) {
    let text = run.text.replace(/\s+/g, " ");
    const previous = out.at(-1);
    if ((!previous || previous.text.endsWith(" ")) && text.startsWith(" ")) text = text.slice(1);
    if (text) out.push({ text, bold: run.bold });
  }
  const last = out.at(-1);
  if (last) {
    last.text = last.text.trimEnd();
    if (!last.text) out.pop();
  }
  return out;
}

interface OpenList {
  ordered: boolean;
  next: number;
}

/**
 * The formatted transcript's Markdown as blocks: headings (levels past 3 shown as 3),
 * paragraphs and list items. Block quotes and code keep their text as paragraphs.
 */
export function parseFormattedMarkdown(source: string): Block[] {
  const blocks: Block[] = [];
  const lists: OpenList[] = [];
  let heading: 1 | 2 | 3 | null = null;
  // The marker of the list item whose first paragraph has not been seen yet.
  let pendingItem: string | null = null;

  for (const token of markdown.parse(source, {})) {
    switch (token.type) {
      case "bullet_list_open":
        lists.push({ ordered: false, next: 1 });
        break;
      case "ordered_list_open":
        lists.push({ ordered: true, next: Number(token.attrGet("start") ?? 1) });
        break;
      case "bullet_list_close":
      case "ordered_list_close":
        lists.pop();
        break;
      case "list_item_open": {
        const list = lists.at(-1);
        pendingItem = list?.ordered ? `${list.next++}.` : "•";
        break;
      }
      case "heading_open":
        heading = Math.min(3, Number(token.tag.slice(1))) as 1 | 2 | 3;
        break;
      case "heading_close":
        heading = null;
        break;
      case "fence":
      case "code_block":
        pushText(blocks, [{ text: token.content, bold: false }]);
        break;
      case "inline": {
        const runs = inlineRuns(token.children ?? []);
        if (heading !== null) {
          if (runs.length) blocks.push({ kind: "heading", level: heading, runs });
        } else if (pendingItem !== null) {
          blocks.push({ kind: "listItem", depth: Math.max(0, lists.length - 1), marker: pendingItem, runs });
          pendingItem = null;
        } else {
          pushText(blocks, runs);
        }
        break;
      }
    }
  }
  return blocks;
}

function pushText(blocks: Block[], runs: Run[]): void {
  const tidy = tidyRuns(runs);
  if (tidy.length) blocks.push({ kind: "paragraph", runs: tidy });
}
