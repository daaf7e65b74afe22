import { asc, eq } from "drizzle-orm";
import type { Database, Tx } from "@/lib/db/client";
import { replacementRules, vocabularyTerms, type ReplacementRule, type VocabularyTerm } from "@/lib/db/schema";
import { alphabetically, ofSpace } from "./space";

export interface WordRules {
  vocabulary: VocabularyTerm[];
  replacements: ReplacementRule[];
}

/**
 * What a new transcription is written with, taken when it is accepted (so a worker, a retry
 * and the live and final passes all see the same lists, whatever changes later):
 * - the vocabulary: the terms given with this upload, then its workspace's, then its
 *   uploader's own (their names follow them into a workspace), each once;
 * - the replacement rules of its space: a workspace's transcript follows the workspace's
 *   house style, not one member's.
 */
export async function wordRulesFor(database: Database | Tx, userId: string, workspaceId: string | null, uploadTerms: readonly string[] = []): Promise<WordRules> {
  const [spaceTerms, ownTerms, rules] = await Promise.all([
    workspaceId ? database.select().from(vocabularyTerms).where(eq(vocabularyTerms.workspaceId, workspaceId)) : [],
    database.select().from(vocabularyTerms).where(ofSpace(vocabularyTerms, userId, null)),
    database.select().from(replacementRules).where(ofSpace(replacementRules, userId, workspaceId)).orderBy(asc(replacementRules.createdAt)),
  ]);
  const vocabulary = new Map<string, VocabularyTerm>();
  for (const term of uploadTerms) vocabulary.set(term.toLowerCase(), { term, sounds_like: [] });
  const sorted = (rows: typeof ownTerms) => rows.sort((a, b) => alphabetically(a.term, b.term));
  // A term given twice keeps the first spelling and every "sounds like" hint given for it.
  for (const t of [...sorted(spaceTerms), ...sorted(ownTerms)]) {
    const key = t.term.toLowerCase();
    const earlier = vocabulary.get(key);
    const hints = [...(earlier?.sounds_like ?? []), ...t.soundsLike];
    vocabulary.set(key, { term: earlier?.term ?? t.term, sounds_like: hints.filter((h, i) => hints.findIndex((o) => o.toLowerCase() === h.toLowerCase()) === i) });
  }
  return { vocabulary: [...vocabulary.values()], replacements: rules.map((r) => ({ find: r.find, replace: r.replace })) };
}
