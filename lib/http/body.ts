import type { z } from "zod";
import { readBodyLimited } from "./limited-body";
import { NUL_REFUSED, containsNul } from "./nul-characters";
import { errorResponse } from "./responses";

export type Parsed<T> = { ok: true; data: T } | { ok: false; response: Response };

/**
 * Reads a JSON body (at most `maxBytes`, else 413) and validates it: malformed JSON → 400,
 * text with a NUL character → 400, valid JSON of the wrong shape → 422, each with a
 * `detail` naming the problem.
 */
export async function parseJsonBody<S extends z.ZodType>(
  request: Request,
  schema: S,
  maxBytes = 64 * 1024,
): Promise<Parsed<z.output<S>>> {
  const bytes = await readBodyLimited(request, maxBytes);
  if (!bytes) return { ok: false, response: errorResponse(413, "The request is too large.") };
  let raw: unknown;
  try {
    const text = new TextDecoder().decode(bytes);
    raw = text.trim() === "" ? undefined : JSON.parse(text);
  } catch {
    return { ok: false, response: errorResponse(400, "The request body is not valid JSON.") };
  }
  if (containsNul(raw)) return { ok: false, response: errorResponse(400, NUL_REFUSED) };
  const result = schema.safeParse(raw);
  if (result.success) return { ok: true, data: result.data };
  const issue = result.error.issues[0];
  const where = issue?.path.length ? `${issue.path.join(".")}: ` : "";
  return { ok: false, response: errorResponse(422, `${where}${issue?.message ?? "Invalid request body."}`) };
}
