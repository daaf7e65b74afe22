/**
 * A plan's list field (features, excluded features, tiers) as an array of strings. Spec §3:
 * lists "may arrive as a JSON string", so a JSON-encoded array is read too; anything else is empty.
 * Pure, so the server and the browser share it.
 */
export function toList(value: unknown): string[] {
  if (Array.isArray(value)) return value.filter((item): item is string => typeof item === "string");
  if (typeof value === "string" && value.trim()) {
    try {
      return toList(JSON.parse(value));
    } catch {
      return [];
    }
  }
  return [];
}
