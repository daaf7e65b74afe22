/**
 * PostgreSQL text cannot hold U+0000, so a NUL anywhere in a request would fail deep in a
 * query; requests carrying one are refused at the door with this sentence.
 */
export const NUL_REFUSED = "Text must not contain NUL characters (\\u0000).";

/** Whether any string in a parsed JSON value (keys included) holds a NUL character. */
export function containsNul(value: unknown): boolean {
  if (typeof value === "string") return value.includes("\u0000");
  if (Array.isArray(value)) return value.some(containsNul);
  if (value && typeof value === "object") {
    return Object.entries(value).some(([key, v]) => key.includes("\u0000") || containsNul(v));
  }
  return false;
}
