import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { env } from "@/lib/env";

/**
 * BETTER_AUTH_SECRET signs sessions and tokens. Without it (embedded mode) a random secret
 * is made once and kept under the data directory, so sessions survive restarts and no
 * well-known default ever signs anything.
 */
export function authSecret(): string {
  const { BETTER_AUTH_SECRET, DATA_DIR } = env();
  if (BETTER_AUTH_SECRET) return BETTER_AUTH_SECRET;
  const file = path.resolve(DATA_DIR, "auth-secret");
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  mkdirSync(path.dirname(file), { recursive: true });
  const secret = randomBytes(32).toString("base64url");
  try {
    writeFileSync(file, secret, { mode: 0o600, flag: "wx" });
    return secret;
  } catch (error) {
    // Another process wrote it first: use theirs.
    if ((error as NodeJS.ErrnoException).code === "EEXIST") return readFileSync(file, "utf8").trim();
    throw error;
  }
}
