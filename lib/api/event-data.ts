import type * as z from "zod/mini";

/**
 * The data of one server-sent event, checked against its contract schema; null when it is not
 * JSON or does not fit. A stream's listener ignores such a message rather than throwing: the
 * next one carries the full state again.
 */
export function eventData<T>(schema: z.ZodMiniType<T>, data: unknown): T | null {
  if (typeof data !== "string") return null;
  let raw: unknown;
  try {
    raw = JSON.parse(data);
  } catch {
    return null;
  }
  const result = schema.safeParse(raw);
  return result.success ? result.data : null;
}
