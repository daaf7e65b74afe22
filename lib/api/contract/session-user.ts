/**
 * `GET /api/me`'s answer as the session check reads it, without zod: the check runs on every
 * page's first load, the landing page's included, where evaluating zod's runtime was the
 * longest task after hydration (bench:web). The fields and their kinds are ApiUser's
 * (./account.ts); session-user.test.ts holds the two to the same answers.
 */
import type { ApiUser } from "./account";

type Kind = "string" | "string or null" | "boolean";

const FIELDS = {
  id: "string",
  email: "string",
  name: "string",
  picture: "string or null",
  is_admin: "boolean",
  is_verified: "boolean",
} as const satisfies Record<keyof ApiUser, Kind>;

function fits(value: unknown, kind: Kind): boolean {
  if (kind === "string or null") return value === null || typeof value === "string";
  return typeof value === kind;
}

/** The user in an answer, with ApiUser's fields only (as zod's object would strip the rest); null when it does not fit. */
export function readSessionUser(answer: unknown): ApiUser | null {
  if (typeof answer !== "object" || answer === null || Array.isArray(answer)) return null;
  const record = answer as Record<string, unknown>;
  const user: Record<string, unknown> = {};
  for (const [key, kind] of Object.entries(FIELDS)) {
    if (!fits(record[key], kind)) return null;
    user[key] = record[key];
  }
  return user as ApiUser;
}
