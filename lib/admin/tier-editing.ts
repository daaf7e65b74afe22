import { asc, eq } from "drizzle-orm";
import { bumpCatalogueVersion } from "@/lib/billing/plan-cache";
import type { AdminLanguageTier, TierPatch } from "@/lib/api/contract/admin";
import type { Database } from "@/lib/db/client";
import { languageTiers, type LanguageTier } from "@/lib/db/schema";
import { DomainError } from "@/lib/errors/domain-error";
import { changedFields } from "./audit-diff";
import { recordAudit, type Actor } from "./audit-log";

function toAdminTier(tier: LanguageTier): AdminLanguageTier {
  return { id: tier.id, description: tier.description, languages: tier.languages, updated_at: tier.updatedAt.toISOString() };
}

export async function tiersForAdmin(database: Database): Promise<AdminLanguageTier[]> {
  const rows = await database.select().from(languageTiers).orderBy(asc(languageTiers.sortOrder));
  return rows.map(toAdminTier);
}

/** Plans list tier ids, so a change here changes every plan's languages at once. */
export async function updateTier(database: Database, actor: Actor, tierId: string, patch: TierPatch): Promise<AdminLanguageTier> {
  return database.transaction(async (tx) => {
    const [before] = await tx.select().from(languageTiers).where(eq(languageTiers.id, tierId)).for("update");
    if (!before) throw new DomainError("not_found", "Language tier not found.");
    const columns = Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined));
    const [after] = Object.keys(columns).length
      ? await tx.update(languageTiers).set(columns).where(eq(languageTiers.id, tierId)).returning()
      : [before];
    const changes = changedFields(
      { description: before.description, languages: before.languages },
      { description: after.description, languages: after.languages },
    );
    if (changes.keys.length) {
      const counts = `${Object.keys(before.languages).length} → ${Object.keys(after.languages).length} languages`;
      await recordAudit(tx, actor, {
        action: "language_tier.updated",
        targetType: "language_tier",
        targetId: tierId,
        summary: `Changed language tier ${tierId}: ${changes.keys.join(", ")} (${counts})`,
        before: changes.before,
        after: changes.after,
      });
    }
    await bumpCatalogueVersion(tx);
    return toAdminTier(after);
  });
}
