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
