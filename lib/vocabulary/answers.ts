import type { ApiReplacementRule, ApiVocabularyTerm } from "@/lib/api/contract/vocabulary";
import type { ReplacementRuleRow, VocabularyTermRow } from "@/lib/db/schema";

export function toApiTerm(t: VocabularyTermRow): ApiVocabularyTerm {
  return { id: t.id, term: t.term, sounds_like: t.soundsLike, created_at: t.createdAt.toISOString() };
}

export function toApiRule(r: ReplacementRuleRow): ApiReplacementRule {
  return { id: r.id, find: r.find, replace: r.replace, created_at: r.createdAt.toISOString() };
}
