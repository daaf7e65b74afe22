import { randomUUID } from "node:crypto";
import { count, eq } from "drizzle-orm";
import { MAX_TERMS_PER_SPACE } from "@/lib/api/contract/vocabulary";
import type { Database } from "@/lib/db/client";
import { isUniqueViolation } from "@/lib/db/errors";
import { vocabularyTerms, type VocabularyTermRow } from "@/lib/db/schema";
import { lockSpace } from "@/lib/access/space-lock";
import { ID_SHAPE, requireEntryManager, requireSpaceManager } from "@/lib/access/space-manager";
import type { Within } from "@/lib/access/visibility";
import { DomainError } from "@/lib/errors/domain-error";
import { checkedHints, checkedTerm } from "./shape";
import { alphabetically, ofSpace, readableList, type ListSpace } from "./space";

/**
 * A space's custom vocabulary: the words and names its transcriptions should be written with
 * (lib/vocabulary/snapshot.ts gives them to the engines). At most MAX_TERMS_PER_SPACE, each
 * once whatever its case.
 */

export const TERM_NOT_FOUND = "This term does not exist.";

const taken = (term: string) => new DomainError("conflict", `“${term}” is already in this vocabulary.`);

export async function listTerms(database: Database, userId: string, workspaceId: string | null): Promise<ListSpace & { terms: VocabularyTermRow[] }> {
  const list = await readableList(database, userId, workspaceId);
  const terms = await database.select().from(vocabularyTerms).where(ofSpace(vocabularyTerms, userId, workspaceId));
  return { ...list, terms: terms.sort((a, b) => alphabetically(a.term, b.term)) };
}

export interface TermInput {
  term: string;
  soundsLike?: readonly string[];
}

export async function addTerm(database: Database, userId: string, workspaceId: string | null, input: TermInput): Promise<VocabularyTermRow> {
  const term = checkedTerm(input.term);
  const soundsLike = checkedHints(input.soundsLike);
  try {
    return await database.transaction(async (tx) => {
      await requireSpaceManager(tx, userId, workspaceId);
      await lockSpace(tx, userId, workspaceId);
      const [{ n }] = await tx.select({ n: count() }).from(vocabularyTerms).where(ofSpace(vocabularyTerms, userId, workspaceId));
      if (n >= MAX_TERMS_PER_SPACE) {
        throw new DomainError("unprocessable", `A vocabulary can hold at most ${MAX_TERMS_PER_SPACE} terms. Delete one first.`);
      }
      const [row] = await tx
        .insert(vocabularyTerms)
        .values({ id: randomUUID(), ownerUserId: workspaceId ? null : userId, workspaceId, term, soundsLike })
        .returning();
      return row;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw taken(term);
    throw error;
  }
}

async function managedTerm(database: Database, userId: string, id: string, within?: Within): Promise<VocabularyTermRow> {
  if (!ID_SHAPE.test(id)) throw new DomainError("not_found", TERM_NOT_FOUND);
  const [row] = await database.select().from(vocabularyTerms).where(eq(vocabularyTerms.id, id));
  if (!row) throw new DomainError("not_found", TERM_NOT_FOUND);
  await requireEntryManager(database, userId, { personalOf: row.ownerUserId, workspaceId: row.workspaceId }, TERM_NOT_FOUND, within);
  return row;
}

export async function updateTerm(database: Database, userId: string, id: string, change: Partial<TermInput>, within?: Within): Promise<VocabularyTermRow> {
  const term = change.term === undefined ? undefined : checkedTerm(change.term);
  const soundsLike = change.soundsLike === undefined ? undefined : checkedHints(change.soundsLike);
  const row = await managedTerm(database, userId, id, within);
  try {
    const [updated] = await database
      .update(vocabularyTerms)
      .set({ ...(term === undefined ? {} : { term }), ...(soundsLike === undefined ? {} : { soundsLike }) })
      .where(eq(vocabularyTerms.id, row.id))
      .returning();
    if (!updated) throw new DomainError("not_found", TERM_NOT_FOUND);
    return updated;
  } catch (error) {
    if (isUniqueViolation(error)) throw taken(term ?? row.term);
    throw error;
  }
}

export async function deleteTerm(database: Database, userId: string, id: string, within?: Within): Promise<void> {
  const row = await managedTerm(database, userId, id, within);
  await database.delete(vocabularyTerms).where(eq(vocabularyTerms.id, row.id));
}
