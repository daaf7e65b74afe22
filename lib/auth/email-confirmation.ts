import { randomUUID } from "node:crypto";
import { APIError } from "better-auth/api";
import { and, eq } from "drizzle-orm";
import { errors as joseErrors, jwtVerify } from "jose";
import { db } from "@/lib/db/client";
import { confirmAddress, endPasswordResets } from "@/lib/accounts/credentials";
import { getAuth } from "./auth";
import { revokeAllSessions } from "./session";
import { accounts } from "@/lib/db/schema";
import { AUTH_MESSAGES } from "./messages";
import { passwordProblem } from "./password-policy";
import { authSecret } from "./secret";
import { findUserByEmail } from "./users";

function fail(status: "BAD_REQUEST" | "FORBIDDEN", code: string): never {
  throw new APIError(status, { code, message: AUTH_MESSAGES[code] });
}

/** The address a verification link was made for, if the link is genuine and unexpired. */
async function emailOfLink(token: string): Promise<string> {
  try {
    const { payload } = await jwtVerify(token, new TextEncoder().encode(authSecret()), { algorithms: ["HS256"] });
    // Links for changing an address carry `updateTo`; only sign-up confirmation is offered.
    if (typeof payload.email !== "string" || payload.updateTo !== undefined || payload.requestType !== undefined) {
      fail("BAD_REQUEST", "INVALID_TOKEN");
    }
    return payload.email;
  } catch (error) {
    if (error instanceof APIError) throw error;
    fail("BAD_REQUEST", error instanceof joseErrors.JWTExpired ? "TOKEN_EXPIRED" : "INVALID_TOKEN");
  }
}

/**
 * Confirms an address from its verification link and sets the password in the same step.
 * A password chosen at sign-up was chosen by someone who had not yet proved they read
 * this mailbox — perhaps an attacker who signed up first with the owner's address — so it
 * never survives confirmation: the person holding the link chooses the password that counts.
 * Sessions and reset links that existed before are ended. Returns the confirmed address.
 */
async function confirmEmailWithPassword(token: string, password: string): Promise<string> {
  const email = await emailOfLink(token);
  const user = await findUserByEmail(email);
  if (!user) fail("BAD_REQUEST", "INVALID_TOKEN");
  if (user.emailVerified) fail("BAD_REQUEST", "EMAIL_ALREADY_VERIFIED");
  if (!user.isActive) fail("FORBIDDEN", "ACCOUNT_DEACTIVATED");
  const problem = passwordProblem(password, email);
  if (problem) fail("BAD_REQUEST", problem);
  const hashed = await (await getAuth().$context).password.hash(password);
  await db().transaction(async (tx) => {
    const updated = await tx
      .update(accounts)
      .set({ password: hashed, updatedAt: new Date() })
      .where(and(eq(accounts.userId, user.id), eq(accounts.providerId, "credential")))
      .returning({ id: accounts.id });
    if (!updated.length) {
      await tx.insert(accounts).values({ id: randomUUID(), accountId: user.id, providerId: "credential", userId: user.id, password: hashed });
    }
    await confirmAddress(user.id, tx);
    await revokeAllSessions(user.id, tx);
    await endPasswordResets(user.id, tx);
  });
  return user.email;
}

/**
 * Confirms the address (above) and signs its owner in with the password just chosen.
 * Returns the session cookies; none when sign-in was refused (the user then logs in).
 */
export async function confirmAndSignIn(token: string, password: string, headers: Headers): Promise<{ email: string; cookies: string[] }> {
  const email = await confirmEmailWithPassword(token, password);
  const response = await getAuth()
    .api.signInEmail({ body: { email, password }, headers, asResponse: true })
    .catch(() => null);
  return { email, cookies: response?.ok ? response.headers.getSetCookie() : [] };
}
