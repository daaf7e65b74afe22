import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { errors as joseErrors, jwtVerify } from "jose";
import { confirmAddress, endPasswordResets } from "@/lib/account/credentials";
import type { Database } from "@/lib/db/client";
import { accounts } from "@/lib/db/schema";
import { DomainError, isDomainError } from "@/lib/errors/domain-error";
import { getAuth } from "./auth";
import { authMessage } from "./messages";
import { passwordProblem } from "./password-policy";
import { authSecret } from "./secret";
import { revokeAllSessions } from "./session-lookup";
import { findUserByEmail } from "./users";

/**
 * Refusals in Better Auth's terms: the sentence of the code, with the code beside it (the
 * confirmation form and API clients read `code`, as they do from Better Auth's own answers).
 */
function fail(kind: "invalid" | "forbidden", code: string): never {
  throw new DomainError(kind, authMessage(code), { code });
}

/** The address a verification link was made for, if the link is genuine and unexpired. */
async function emailOfLink(token: string): Promise<string> {
  try {
    const { payload } = await jwtVerify(token, new TextEncoder().encode(authSecret()), { algorithms: ["HS256"] });
    // Links for changing an address carry `updateTo`; only sign-up confirmation is offered.
    if (typeof payload.email !== "string" || payload.updateTo !== undefined || payload.requestType !== undefined) {
      fail("invalid", "INVALID_TOKEN");
    }
    return payload.email;
  } catch (error) {
    if (isDomainError(error)) throw error;
    fail("invalid", error instanceof joseErrors.JWTExpired ? "TOKEN_EXPIRED" : "INVALID_TOKEN");
  }
}

/**
 * Confirms an address from its verification link and sets the password in the same step.
 * A password chosen at sign-up was chosen by someone who had not yet proved they read
 * this mailbox — perhaps an attacker who signed up first with the owner's address — so it
 * never survives confirmation: the person holding the link chooses the password that counts.
 * Sessions and reset links that existed before are ended. Returns the confirmed address.
 */
async function confirmEmailWithPassword(database: Database, token: string, password: string): Promise<string> {
  const email = await emailOfLink(token);
  const user = await findUserByEmail(database, email);
  if (!user) fail("invalid", "INVALID_TOKEN");
  if (user.emailVerified) fail("invalid", "EMAIL_ALREADY_VERIFIED");
  if (!user.isActive) fail("forbidden", "ACCOUNT_DEACTIVATED");
  const problem = passwordProblem(password, email);
  if (problem) fail("invalid", problem);
  const hashed = await (await getAuth().$context).password.hash(password);
  await database.transaction(async (tx) => {
    const updated = await tx
      .update(accounts)
      .set({ password: hashed, updatedAt: new Date() })
      .where(and(eq(accounts.userId, user.id), eq(accounts.providerId, "credential")))
      .returning({ id: accounts.id });
    if (!updated.length) {
      await tx.insert(accounts).values({ id: randomUUID(), accountId: user.id, providerId: "credential", userId: user.id, password: hashed });
    }
    await confirmAddress(tx, user.id);
    await revokeAllSessions(tx, user.id);
    await endPasswordResets(tx, user.id);
  });
  return user.email;
}

/**
 * Confirms the address (above) and signs its owner in with the password just chosen.
 * Returns the session cookies; none when sign-in was refused (the user then logs in).
 */
export async function confirmAndSignIn(
  database: Database,
  token: string,
  password: string,
  headers: Headers,
): Promise<{ email: string; cookies: string[] }> {
  const email = await confirmEmailWithPassword(database, token, password);
  const response = await getAuth()
    .api.signInEmail({ body: { email, password }, headers, asResponse: true })
    .catch(() => null);
  return { email, cookies: response?.ok ? response.headers.getSetCookie() : [] };
}
