/**
 * PostgreSQL text cannot hold U+0000, so a NUL anywhere in a request would fail deep in a
 * query; requests carrying one are refused at the door with this sentence.
 */
export const NUL_REFUSED = "Text must not contain NUL characters (\\u0000).";

/**
 * Whether any string in a parsed JSON value (keys included) holds a NUL character. Walks
 * with its own stack, not recursion, so no nesting can overflow it.
 */
export function containsNul(value: unknown): boolean {
  const pending: unknown[] = [value];
  while (pending.length) {
    const next = pending.pop();
    if (typeof next === "string") {
      if (next.includes("\u0000")) return true;
    } else if (next && typeof next === "object") {
      for (const [key, child] of Object.entries(next)) {
        if (key.includes("\u0000")) return true;
        pending.push(child);
      }
    }
  }
  return false;
}
