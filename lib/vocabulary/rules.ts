import { randomUUID } from "node:crypto";
import { count, eq } from "drizzle-orm";
import { MAX_RULES_PER_SPACE } from "@/lib/api/contract/vocabulary";
import type { Database } from "@/lib/db/client";
import { isUniqueViolation } from "@/lib/db/errors";
import { replacementRules, type ReplacementRuleRow } from "@/lib/db/schema";
import { lockSpace } from "@/lib/access/space-lock";
import { ID_SHAPE, requireEntryManager, requireSpaceManager } from "@/lib/access/space-manager";
import type { Within } from "@/lib/access/visibility";
import { DomainError } from "@/lib/errors/domain-error";
import { checkedRule } from "./shape";
import { alphabetically, ofSpace, readableList, type ListSpace } from "./space";

/**
 * A space's replacement rules: a misheard phrase → the right one, a spelling → the house
 * style, applied to each of its transcripts after recognition (lib/text/replacements.ts). At
 * most MAX_RULES_PER_SPACE, one per phrase found whatever its case.
 */

export const RULE_NOT_FOUND = "This replacement rule does not exist.";

const ruleTaken = (find: string) => new DomainError("conflict", `A rule already replaces “${find}”.`);

export async function listRules(database: Database, userId: string, workspaceId: string | null): Promise<ListSpace & { rules: ReplacementRuleRow[] }> {
  const [list, rules] = await Promise.all([
    readableList(database, userId, workspaceId),
    database.select().from(replacementRules).where(ofSpace(replacementRules, userId, workspaceId)),
  ]);
  return { ...list, rules: rules.sort((a, b) => alphabetically(a.find, b.find)) };
}

export async function addRule(database: Database, userId: string, workspaceId: string | null, input: { find: string; replace: string }): Promise<ReplacementRuleRow> {
  const rule = checkedRule(input.find, input.replace);
  const insert = database.transaction(async (tx) => {
    await requireSpaceManager(tx, userId, workspaceId);
    await lockSpace(tx, userId, workspaceId);
    const [{ n }] = await tx.select({ n: count() }).from(replacementRules).where(ofSpace(replacementRules, userId, workspaceId));
    if (n >= MAX_RULES_PER_SPACE) throw new DomainError("unprocessable", `A space can have at most ${MAX_RULES_PER_SPACE} replacement rules. Delete one first.`);
    const owner = { ownerUserId: workspaceId ? null : userId, workspaceId };
    return (await tx.insert(replacementRules).values({ id: randomUUID(), ...owner, ...rule }).returning())[0];
  });
  return insert.catch((error: unknown) => {
    throw isUniqueViolation(error) ? ruleTaken(rule.find) : error;
  });
}

async function managedRule(database: Database, userId: string, id: string, within?: Within): Promise<ReplacementRuleRow> {
  const [row] = ID_SHAPE.test(id) ? await database.select().from(replacementRules).where(eq(replacementRules.id, id)) : [];
  if (!row) throw new DomainError("not_found", RULE_NOT_FOUND);
  await requireEntryManager(database, userId, { personalOf: row.ownerUserId, workspaceId: row.workspaceId }, RULE_NOT_FOUND, within);
  return row;
}

export async function updateRule(database: Database, userId: string, id: string, change: { find?: string; replace?: string }, within?: Within): Promise<ReplacementRuleRow> {
  const row = await managedRule(database, userId, id, within);
  const rule = checkedRule(change.find ?? row.find, change.replace ?? row.replace);
  const [updated] = await database
    .update(replacementRules)
    .set(rule)
    .where(eq(replacementRules.id, row.id))
    .returning()
    .catch((error: unknown) => {
      throw isUniqueViolation(error) ? ruleTaken(rule.find) : error;
    });
  if (!updated) throw new DomainError("not_found", RULE_NOT_FOUND);
  return updated;
}

export async function deleteRule(database: Database, userId: string, id: string, within?: Within): Promise<void> {
  const row = await managedRule(database, userId, id, within);
  await database.delete(replacementRules).where(eq(replacementRules.id, row.id));
}
