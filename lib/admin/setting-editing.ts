import { asc, eq } from "drizzle-orm";
import type { AdminSetting, SettingPatch } from "@/lib/api/contract/admin";
import { bumpCatalogueVersion } from "@/lib/billing/plan-cache";
import type { Database } from "@/lib/db/client";
import { settings, type Setting } from "@/lib/db/schema";
import { DomainError } from "@/lib/errors/domain-error";
import { isSettingKey, parseSettingValue } from "@/lib/settings/definitions";
import { changedFields } from "./audit-diff";
import { recordAudit, type Actor } from "./audit-log";

const noSuchSetting = (key: string) => `There is no setting called "${key}".`;

function toAdminSetting(row: Setting): AdminSetting {
  return { key: row.key, value: row.value, description: row.description, updated_at: row.updatedAt.toISOString() };
}

export async function settingsForAdmin(database: Database): Promise<AdminSetting[]> {
  const rows = await database.select().from(settings).orderBy(asc(settings.key));
  return rows.map(toAdminSetting);
}

/**
 * Validates the value by the setting's own rule (a number stays a number) and stores it in
 * its canonical form ("TRUE " → "true"), so what the panel shows is what the product reads.
 */
export async function updateSetting(database: Database, actor: Actor, key: string, patch: SettingPatch): Promise<AdminSetting> {
  if (!isSettingKey(key)) throw new DomainError("not_found", noSuchSetting(key));
  const value = String(parseSettingValue(key, patch.value));
  return database.transaction(async (tx) => {
    const [before] = await tx.select().from(settings).where(eq(settings.key, key)).for("update");
    if (!before) throw new DomainError("not_found", noSuchSetting(key));
    const [after] = await tx
      .update(settings)
      .set({ value, description: patch.description ?? before.description })
      .where(eq(settings.key, key))
      .returning();
    // The pricing shows the support address and the trial length; they are cached with the plans.
    if (key === "support_email" || key === "trial_days") await bumpCatalogueVersion(tx);
    const changes = changedFields(
      { value: before.value, description: before.description },
      { value: after.value, description: after.description },
    );
    if (changes.keys.length) {
      await recordAudit(tx, actor, {
        action: "setting.updated",
        targetType: "setting",
        targetId: key,
        summary: `Changed setting ${key}: ${changes.keys.join(", ")}`,
        before: changes.before,
        after: changes.after,
      });
    }
    return toAdminSetting(after);
  });
}
