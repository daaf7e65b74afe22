import { isUrlOrEmail } from "./tokens";
import type { FormattedParagraph } from "./types";

/*
 * The output of every formatter is Markdown limited to what the exports module renders:
 * `#`/`##`/`###` headings, paragraphs separated by one blank line, `- ` bullets and `**bold**`.
 * Transcript text is escaped so that what someone said can't turn into Markdown by accident
 * ("# 1 priority", "- yes", "5 * 3"); the escapes are CommonMark backslash escapes, which a
 * Markdown renderer turns back into the plain characters. Intraword underscores (SPEAKER_00),
 * URLs and e-mail addresses are left untouched.
 */

const ALWAYS = /[*`~]/;

function escapeWord(word: string): string {
  if (isUrlOrEmail(word.replace(/^[([{"“‘«]+|[)\]}"”’»,.;:!?…]+$/g, ""))) return word;
  let out = "";
  for (let i = 0; i < word.length; i++) {
    const c = word[i];
    const prev = word[i - 1] ?? "";
    const next = word[i + 1] ?? "";
    if (ALWAYS.test(c)) out += `\\${c}`;
    else if (c === "\\" && /[!-/:-@[-`{-~]/.test(next)) out += "\\\\";
    else if (c === "_" && !(/[\p{L}\p{N}]/u.test(prev) && /[\p{L}\p{N}]/u.test(next))) out += "\\_";
    else if (c === "<" && /[A-Za-z/!?]/.test(next)) out += "\\<";
    else out += c;
  }
  return out;
}

/** One line of plain text as Markdown inline text that renders back to the same characters. */
export function escapeMarkdownText(text: string): string {
  const escaped = text.replace(/\s+/g, " ").trim().split(" ").map(escapeWord).join(" ");
  // Block syntax at the start of the line: headings, quotes, bullets, numbered lists, rules.
  return escaped.replace(/^([#>+=|-])/, "\\$1").replace(/^(\d+)([.)])(?=\s|$)/, "$1\\$2");
}

export function paragraphToMarkdown(p: FormattedParagraph): string {
  const text = escapeMarkdownText(p.text);
  return p.speaker ? `**${escapeMarkdownText(p.speaker)}:** ${text}` : text;
}

/** A paragraph as plain text for a prompt: "Speaker: text". */
export function paragraphToPlain(p: FormattedParagraph): string {
  return p.speaker ? `${p.speaker}: ${p.text}` : p.text;
}

/** Removes a code fence around the whole answer (```markdown … ```), which models like to add. */
export function stripFence(text: string): string {
  const m = /^\s*(```|~~~)[\w-]*[ \t]*\r?\n([\s\S]*?)\r?\n?\1\s*$/.exec(text);
  return (m ? m[2] : text).trim();
}

/**
 * Brings model-written Markdown into the supported subset: `####`+ headings become `###`,
 * `*`/`+`/`•`/numbered/nested list items become `- ` bullets, quotes, rules, fences and HTML
 * comments are dropped (their text kept), `__bold__` becomes `**bold**`, and blocks are separated
 * by exactly one blank line (wrapped paragraph lines are joined).
 */
export function normalizeMarkdown(markdown: string): string {
  const blocks: string[] = [];
  let paragraph: string[] = [];
  let list: string[] = [];
  const flush = () => {
    if (paragraph.length) blocks.push(paragraph.join(" "));
    if (list.length) blocks.push(list.join("\n"));
    paragraph = [];
    list = [];
  };
  const text = markdown.replace(/\r\n?/g, "\n").replace(/<!--[\s\S]*?-->/g, "");
  for (const rawLine of text.split("\n")) {
    const indented = /^\s+\S/.test(rawLine);
    let line = rawLine.trim().replace(/__(\S(?:.*?\S)?)__/g, "**$1**");
    if (/^(```|~~~)/.test(line) || /^([-*_])(\s*\1){2,}$/.test(line)) {
      flush(); // a rule or fence goes, but still ends the block before it
      continue;
    }
    line = line.replace(/^(>\s?)+/, "");
    if (!line) {
      flush();
      continue;
    }
    const heading = /^(#{1,6})\s+(.*?)\s*#*$/.exec(line);
    if (heading) {
      flush();
      if (heading[2]) blocks.push(`${"#".repeat(Math.min(3, heading[1].length))} ${heading[2]}`);
      continue;
    }
    const bullet = /^(?:[-*+•–]|\d+[.)])\s+(.*)$/.exec(line);
    if (bullet) {
      if (paragraph.length) flush();
      list.push(`- ${bullet[1]}`);
      continue;
    }
    if (list.length && indented) {
      list[list.length - 1] += ` ${line}`; // a wrapped bullet
      continue;
    }
    if (list.length) flush();
    paragraph.push(line);
  }
  flush();
  return blocks.join("\n\n");
}
