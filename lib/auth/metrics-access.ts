import { createHash, timingSafeEqual } from "node:crypto";
import type { Database } from "@/lib/db/client";
import { env } from "@/lib/env";
import { DomainError } from "@/lib/errors/domain-error";
import { NOT_AUTHORIZED_TEXT } from "@/lib/texts";
import { isOperator } from "@/lib/account/operators";
import { currentUser } from "./session";

export const METRICS_SIGN_IN = "Sign in as an operator, or send the metrics token as Authorization: Bearer <token>.";
export const METRICS_TOKEN_WRONG = "The metrics token is not valid.";

/** Compared as digests, so the time taken tells nothing about the token's length or its first characters. */
function tokenMatches(given: string, expected: string | undefined): boolean {
  if (!expected) return false;
  const digest = (text: string) => createHash("sha256").update(text).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

/**
 * Who may read the metrics: a scraper sending METRICS_TOKEN as a bearer token, or an
 * operator's session. A request with an Authorization header is judged by it alone (a wrong
 * token is refused even beside a session); with METRICS_TOKEN unset only operators get in.
 */
export async function requireMetricsAccess(database: Database, headers: Headers): Promise<void> {
  const authorization = headers.get("authorization");
  if (authorization !== null) {
    const bearer = /^Bearer\s+(\S+)\s*$/i.exec(authorization)?.[1];
    if (bearer !== undefined && tokenMatches(bearer, env().METRICS_TOKEN)) return;
    throw new DomainError("unauthenticated", METRICS_TOKEN_WRONG);
  }
  const user = await currentUser(database, headers);
  if (!user) throw new DomainError("unauthenticated", METRICS_SIGN_IN);
  if (!isOperator(user.email)) throw new DomainError("forbidden", NOT_AUTHORIZED_TEXT);
}
