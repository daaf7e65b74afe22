import { rewriteSegment, type CompiledRule } from "@/lib/text/replacements";
import type { EngineSegment } from "./engines/types";

/** A recognised segment with the user's replacement rules and "sounds like" hints applied (lib/text/replacements.ts). */
export function writtenTheUsersWay<S extends Pick<EngineSegment, "text" | "words">>(segment: S, rules: readonly CompiledRule[]): S {
  const rewritten = rewriteSegment({ text: segment.text, words: segment.words ?? null }, rules);
  return rewritten ? { ...segment, text: rewritten.text, words: rewritten.words ?? undefined } : segment;
}
