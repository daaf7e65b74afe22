import { eq } from "drizzle-orm";
import type { Database } from "@/lib/db/client";
import { settings } from "@/lib/db/schema";
import {
  SETTING_DEFINITIONS,
  parseSettingValue,
  type SettingKey,
  type SettingValue,
} from "./definitions";

/**
 * Reads one setting, typed. A missing or corrupt row falls back to the default so a bad
 * manual edit in the database cannot take the product down.
 */
export async function getSetting<K extends SettingKey>(
  database: Database,
  key: K,
): Promise<SettingValue<K>> {
  const [row] = await database.select().from(settings).where(eq(settings.key, key));
  if (row) {
    const parsed = parseSettingValue(key, row.value);
    if (parsed.ok) return parsed.value;
    console.warn(`[settings] stored value of ${key} is invalid (${parsed.error}); using default`);
  }
  const fallback = parseSettingValue(key, SETTING_DEFINITIONS[key].default);
  if (!fallback.ok) throw new Error(`default of ${key} is invalid: ${fallback.error}`);
  return fallback.value;
}
