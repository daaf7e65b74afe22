import { z } from "zod";
import { DomainError } from "@/lib/errors/domain-error";
import { PLAIN_PARSE, issueSentence } from "./issue-sentence";
import { TOO_DEEP, nestedDeeperThan } from "./json-depth";
import { readBodyLimited } from "./limited-body";
import { NUL_REFUSED, containsNul } from "@/lib/security/nul-characters";

export const TOO_LARGE = "The request is too large.";

/**
 * Reads a JSON body (at most `maxBytes`) and validates it. Throws a DomainError naming the
 * problem: too large → too_large, malformed JSON, nesting deeper than MAX_JSON_DEPTH or a NUL
 * character → invalid, valid JSON of the wrong shape → unprocessable. The depth is checked
 * first, without recursion: the steps after it (zod, the handler) may recurse.
 */
export async function parseJsonBody<S extends z.core.$ZodType>(request: Request, schema: S, maxBytes = 64 * 1024): Promise<z.output<S>> {
  const bytes = await readBodyLimited(request, maxBytes);
  if (!bytes) throw new DomainError("too_large", TOO_LARGE);
  const text = new TextDecoder().decode(bytes);
  if (nestedDeeperThan(text)) throw new DomainError("invalid", TOO_DEEP);
  let raw: unknown;
  try {
    raw = text.trim() === "" ? undefined : JSON.parse(text);
  } catch {
    throw new DomainError("invalid", "The request body is not valid JSON.");
  }
  if (containsNul(raw)) throw new DomainError("invalid", NUL_REFUSED);
  const result = z.safeParse(schema, raw, PLAIN_PARSE);
  if (!result.success) throw new DomainError("unprocessable", issueSentence(result.error, "Invalid request body."));
  return result.data;
}

/** Validates `?a=…&b=…` (each name once; repeats keep the first): a bad value is `invalid`, in a sentence naming it. */
export function parseQuery<S extends z.core.$ZodType>(params: URLSearchParams, schema: S): z.output<S> {
  const raw: Record<string, string> = {};
  for (const [name, value] of params) if (!(name in raw)) raw[name] = value;
  const result = z.safeParse(schema, raw, PLAIN_PARSE);
  if (!result.success) throw new DomainError("invalid", issueSentence(result.error, "The query is invalid."));
  return result.data;
}
