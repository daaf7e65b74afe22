import { eq } from "drizzle-orm";
import type { Database, Tx } from "@/lib/db/client";
import { settings } from "@/lib/db/schema";
import { isDomainError } from "@/lib/errors/domain-error";
import {
  SETTING_DEFINITIONS,
  parseSettingValue,
  type SettingKey,
  type SettingValue,
} from "./definitions";
import { log } from "@/lib/log/logger";

/**
 * Reads one setting, typed. A missing or corrupt row falls back to the default so a bad
 * manual edit in the database cannot take the product down.
 */
export async function getSetting<K extends SettingKey>(
  database: Database | Tx,
  key: K,
): Promise<SettingValue<K>> {
  const [row] = await database.select().from(settings).where(eq(settings.key, key));
  if (row) {
    try {
      return parseSettingValue(key, row.value);
    } catch (error) {
      if (!isDomainError(error)) throw error;
      log().warn({ key, reason: error.message }, "stored setting value is invalid; using the default");
    }
  }
  // A default that breaks its own rule is a bug; its error reaches the logs as one.
  return parseSettingValue(key, SETTING_DEFINITIONS[key].default);
}
