/**
 * Whitespace tokens split into leading punctuation, the word itself, and trailing punctuation:
 * `("Well,` → lead `("`, core `Well`, trail `,`. The rules work on these so that a word's
 * punctuation can move when a neighbouring word is removed. Dots inside a word stay in the core,
 * so "3.5", "U.S", "example.com" and "ana@example.com" are never split.
 */
export interface Token {
  lead: string;
  core: string;
  trail: string;
}

const LEAD = /^[([{"“‘«¿¡]+/;
const TRAIL = /[)\]}"”’»,.;:!?…。！？、]+$/;
/** Marks that end a sentence. */
export const TERMINAL = /[.!?…。！？]/;
const CLOSERS = /[)\]}"”’»]/;

export function splitToken(raw: string): Token {
  const lead = LEAD.exec(raw)?.[0] ?? "";
  const rest = raw.slice(lead.length);
  const trail = TRAIL.exec(rest)?.[0] ?? "";
  return { lead, core: rest.slice(0, rest.length - trail.length), trail };
}

function tokenText(t: Token): string {
  return t.lead + t.core + t.trail;
}

export function joinTokens(tokens: readonly Token[]): string {
  return tokens.map(tokenText).filter(Boolean).join(" ");
}

/** Collapses every run of whitespace (newlines included) to one space. */
export function collapseWhitespace(text: string): string {
  return text.replace(/\s+/g, " ").trim();
}

/**
 * Tokens of a text; a token that is only punctuation ("word ," or "word .") is glued to the word
 * before it, which is how spaces before punctuation are removed. `keepSpaceBefore` lists marks that
 * stay separate (French typography puts a space before ? ! : ;).
 */
export function tokenize(text: string, keepSpaceBefore = ""): Token[] {
  const tokens: Token[] = [];
  let pendingLead = "";
  for (const raw of collapseWhitespace(text).split(" ")) {
    if (!raw) continue;
    const t = splitToken(raw);
    if (!t.core && !t.lead && tokens.length && ![...t.trail].some((c) => keepSpaceBefore.includes(c))) {
      tokens[tokens.length - 1].trail += t.trail;
      continue;
    }
    if (!t.core && !t.trail && t.lead) {
      pendingLead += t.lead; // "( word" → "(word"
      continue;
    }
    tokens.push({ ...t, lead: pendingLead + t.lead });
    pendingLead = "";
  }
  if (pendingLead) tokens.push({ lead: pendingLead, core: "", trail: "" });
  return tokens;
}

export function hasTerminal(trail: string): boolean {
  return TERMINAL.test(trail);
}

/** A terminal mark followed by a closing quote or bracket: `"why?"`, `(really.)`. */
export function terminalInsideCloser(trail: string): boolean {
  const last = trail.at(-1);
  return hasTerminal(trail) && last !== undefined && CLOSERS.test(last);
}

/** URLs and e-mail addresses are left exactly as they are (no capitalisation, no escaping). */
export function isUrlOrEmail(core: string): boolean {
  return /^(https?:\/\/|www\.)/i.test(core) || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(core) || /^[\p{L}\p{N}-]+(\.[\p{L}\p{N}-]+)*\.(com|org|net|io|dev|app|edu|gov|info|co|uk|de|fr|eu|ai)(\/\S*)?$/iu.test(core);
}
