import { asc, eq } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "@/lib/db/client";
import { languageTiers, type LanguageTier } from "@/lib/db/schema";
import { DomainError } from "@/lib/errors/domain-error";
import type { AdminLanguageTier } from "./api-types";
import { changedFields } from "./audit-diff";
import { recordAudit, type Actor } from "./audit-log";
import { parseLanguageLines } from "./list-input";

/** ISO 639-1 (or -2/-3 where there is no two-letter code), optionally with a region: en, haw, pt-BR. */
const LANGUAGE_CODE = /^[a-z]{2,3}(-[A-Za-z0-9]{2,8})?$/;

/** Entries lacking a code or a name are dropped, as they are when typed line by line. */
function normaliseMap(map: Record<string, string>): Record<string, string> {
  const result: Record<string, string> = {};
  for (const [code, name] of Object.entries(map)) {
    if (code.trim() && name.trim()) result[code.trim()] = name.trim();
  }
  return result;
}

const languagesField = z
  .union([z.string(), z.record(z.string(), z.string())])
  .transform((value) => (typeof value === "string" ? parseLanguageLines(value) : normaliseMap(value)))
  .refine((map) => Object.keys(map).length > 0, "a tier needs at least one language")
  .refine((map) => Object.keys(map).length <= 500, "a tier holds at most 500 languages")
  .superRefine((map, ctx) => {
    const bad = Object.keys(map).filter((code) => !LANGUAGE_CODE.test(code));
    if (bad.length) ctx.addIssue({ code: "custom", message: `not a language code (ISO 639-1, e.g. en): ${bad.map((c) => `"${c}"`).join(", ")}` });
    const long = Object.values(map).filter((name) => name.length > 100);
    if (long.length) ctx.addIssue({ code: "custom", message: "a language name is at most 100 characters" });
  });

/** Spec §7's PATCH /admin/language-tiers/{id}: description, languages (a map, or "code: Name" lines). */
export const tierPatchSchema = z.object({
  description: z.string().trim().min(1, "description must not be empty").max(200).optional(),
  languages: languagesField.optional(),
});
export type TierPatch = z.output<typeof tierPatchSchema>;

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
    return toAdminTier(after);
  });
}
