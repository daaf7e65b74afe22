import { TERMINAL, type Token } from "../tokens";

/** ",," → ","; a comma or colon next to a sentence end goes (",." → ".", "?," → "?"). */
export function tidyTrail(trail: string): string {
  let t = trail.replace(/,{2,}/g, ",").replace(/(?<!\.)\.\.(?!\.)/g, ".");
  if (TERMINAL.test(t)) t = t.replace(/[,;:、]/g, "");
  return t;
}

/**
 * Makes the last sentence end with a terminal mark: a trailing comma, semicolon, colon or dash
 * becomes a period, closing quotes stay last-but-one (`he said "yes"` → `he said "yes".`).
 * Chinese and Japanese get "。".
 */
export function ensureTerminal(tokens: readonly Token[], period = "."): Token[] {
  const out = tokens.map((t) => ({ ...t }));
  const last = out.findLast((t) => t.core || t.trail);
  if (!last || TERMINAL.test(last.trail)) return out;
  last.trail = last.trail.replace(/[,;:、]+$/, "");
  if (!last.trail) last.core = last.core.replace(/[-–—]+$/, "");
  last.trail += period;
  return out;
}
