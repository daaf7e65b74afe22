/** The character offset into `container`'s text at a click point, or null when the point is not in its text. */
export function caretOffsetAt(container: HTMLElement, x: number, y: number): number | null {
  const doc = container.ownerDocument;
  // caretPositionFromPoint is the standard one; Safari before 2025 only has caretRangeFromPoint.
  const position = typeof doc.caretPositionFromPoint === "function" ? doc.caretPositionFromPoint(x, y) : null;
  const range = position ? null : doc.caretRangeFromPoint?.(x, y);
  const node = position?.offsetNode ?? range?.startContainer;
  const offset = position?.offset ?? range?.startOffset ?? 0;
  if (!node || node.nodeType !== Node.TEXT_NODE || !container.contains(node)) return null;
  const walker = doc.createTreeWalker(container, NodeFilter.SHOW_TEXT);
  let before = 0;
  for (let text = walker.nextNode(); text; text = walker.nextNode()) {
    if (text === node) return before + offset;
    before += text.textContent?.length ?? 0;
  }
  return null;
}

// The styles that decide where a textarea's text wraps; a mirror with them wraps the same way.
const MIRRORED = ["boxSizing", "width", "fontFamily", "fontSize", "fontWeight", "fontStyle", "letterSpacing", "lineHeight", "paddingTop", "paddingRight", "paddingBottom", "paddingLeft", "borderTopWidth", "borderRightWidth", "borderBottomWidth", "borderLeftWidth", "textTransform", "wordSpacing", "tabSize"] as const;

/**
 * Where the cursor at `offset` of a textarea is on screen (its left edge and its line's top and
 * bottom). A textarea does not tell, so a hidden copy laid out the same way is measured.
 */
export function caretPoint(area: HTMLTextAreaElement, offset: number): { x: number; top: number; bottom: number } {
  const doc = area.ownerDocument;
  const style = getComputedStyle(area);
  const mirror = doc.createElement("div");
  for (const key of MIRRORED) mirror.style[key] = style[key];
  Object.assign(mirror.style, { position: "fixed", visibility: "hidden", whiteSpace: "pre-wrap", overflowWrap: "break-word", top: "0", left: "0" });
  mirror.textContent = area.value.slice(0, offset);
  const marker = doc.createElement("span");
  // A zero-width space gives the marker a line box even at the end of the text.
  marker.textContent = area.value.slice(offset) || "\u200b";
  mirror.appendChild(marker);
  doc.body.appendChild(mirror);
  const box = area.getBoundingClientRect();
  const first = marker.getClientRects()[0] ?? marker.getBoundingClientRect();
  const origin = mirror.getBoundingClientRect();
  mirror.remove();
  const x = box.left + first.left - origin.left - area.scrollLeft;
  const top = box.top + first.top - origin.top - area.scrollTop;
  return { x, top, bottom: top + first.height };
}

/** Whether the cursor is on the first (or last) line the textarea shows: ↑ (↓) leaves the segment from there. */
export function caretOnEdgeLine(area: HTMLTextAreaElement, edge: "first" | "last"): boolean {
  const at = area.selectionStart;
  const here = caretPoint(area, at).top;
  const end = caretPoint(area, edge === "first" ? 0 : area.value.length).top;
  // Half a line of slack: rounding differs between the mirror and the textarea.
  return Math.abs(here - end) < 4;
}
