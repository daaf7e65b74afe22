import { APIError } from "better-auth/api";
import { billingProvider } from "@/lib/billing/provider";
import type { Database, Tx } from "@/lib/db/client";
import { isDomainError } from "@/lib/errors/domain-error";
import { getSetting } from "@/lib/settings/settings";
import { handOverBeforeDeletion } from "@/lib/transcription/leaving-user";
import { AUTH_MESSAGES } from "./messages";
import { clientAddress } from "@/lib/security/client-address";
import { EMAIL_RATE_LIMITS, consumeEmailAttempt } from "./email-rate-limit";
import { consumeClientAttempt, secondsUntilNextTry } from "./sign-in-throttle";
import { nameProblem } from "./name-policy";
import { passwordProblem } from "./password-policy";
import { findUserByEmail, findUserById } from "./users";

/**
 * Rules Better Auth does not know about, run before its endpoints and database writes.
 * Each throws an APIError whose code maps to a sentence in AUTH_MESSAGES. They run inside
 * Better Auth, which answers its own APIError, so they throw that rather than DomainError.
 */
type Status = "FORBIDDEN" | "NOT_FOUND" | "UNPROCESSABLE_ENTITY" | "BAD_REQUEST" | "TOO_MANY_REQUESTS";

function fail(status: Status, code: string): never {
  throw new APIError(status, { code, message: AUTH_MESSAGES[code] });
}

export async function assertSignupOpen(database: Database | Tx): Promise<void> {
  if (!(await getSetting(database, "signup_enabled"))) fail("FORBIDDEN", "SIGNUP_DISABLED");
}

export function assertPasswordAcceptable(password: unknown, email?: unknown): void {
  if (typeof password !== "string") return; // Better Auth's own validation answers this
  const problem = passwordProblem(password, typeof email === "string" ? email : undefined);
  if (problem) fail("BAD_REQUEST", problem);
}

export async function assertEmailFree(database: Database | Tx, email: unknown): Promise<void> {
  if (typeof email !== "string") return;
  if (await findUserByEmail(database, email)) fail("UNPROCESSABLE_ENTITY", "USER_ALREADY_EXISTS");
}

/**
 * Sign-in attempts: limited per (account, client), and slowed per account (sign-in-throttle).
 * The answers are the same whether or not the address has an account.
 */
export async function assertSignInAllowed(database: Database | Tx, email: unknown, headers: Headers | undefined): Promise<void> {
  if (typeof email !== "string") return;
  const client = headers ? clientAddress(headers) : "unknown";
  if (!(await consumeClientAttempt(database, email, client))) fail("TOO_MANY_REQUESTS", "RATE_LIMITED");
  const wait = await secondsUntilNextTry(database, email);
  if (wait > 0) {
    throw new APIError("TOO_MANY_REQUESTS", {
      code: "SIGN_IN_SLOWED",
      message: `Too many failed sign-ins for this account. Wait ${wait} second${wait === 1 ? "" : "s"} and try again.`,
    });
  }
}

/** Every way of starting a session passes here: password, OAuth, auto sign-in after verification. */
export async function assertUserActive(database: Database | Tx, userId: string): Promise<void> {
  const user = await findUserById(database, userId);
  if (!user || !user.isActive) fail("FORBIDDEN", "ACCOUNT_DEACTIVATED");
}

/** Names end up in mail we send and in operators' lists: text, short, one line, no links. */
export function assertNameAcceptable(name: unknown): void {
  if (name === undefined) return;
  const problem = typeof name === "string" ? nameProblem(name) : "NAME_INVALID";
  if (problem) fail("BAD_REQUEST", problem);
}

/** The profile form changes the name only; anything else in the body is refused, not ignored. */
export function assertOnlyNameChanged(body: Record<string, unknown>): void {
  if ("image" in body) fail("BAD_REQUEST", "IMAGE_NOT_SETTABLE");
  if (Object.keys(body).some((key) => key !== "name")) fail("BAD_REQUEST", "ONLY_NAME_CHANGEABLE");
  if (!("name" in body)) fail("BAD_REQUEST", "NAME_MISSING");
  assertNameAcceptable(body.name);
}

export async function assertEmailAttemptAllowed(database: Database | Tx, path: string, email: unknown): Promise<void> {
  const rule = EMAIL_RATE_LIMITS[path];
  if (!rule || typeof email !== "string") return;
  if (!(await consumeEmailAttempt(database, path, email, rule))) fail("TOO_MANY_REQUESTS", "RATE_LIMITED");
}

/** The picture is set only through the avatar upload, which checks the image. */
export function assertNoImageField(body: Record<string, unknown>): void {
  if ("image" in body) fail("BAD_REQUEST", "IMAGE_NOT_SETTABLE");
}

/**
 * Before a user deletes their own account: their Stripe subscriptions end at Stripe, as when an
 * operator deletes it. If that fails the account stays, and the user is told why.
 */
/** What the account takes with it, or a refusal (it owns a workspace others use) in Better Auth's terms. */
export async function handOverOrRefuse(database: Database, userId: string): Promise<string[]> {
  try {
    return (await handOverBeforeDeletion(database, userId)).removedAudio;
  } catch (error) {
    if (!isDomainError(error)) throw error;
    throw new APIError("CONFLICT", { message: error.message, code: "OWNS_SHARED_WORKSPACE" });
  }
}

export async function assertSubscriptionsEnded(database: Database | Tx, userId: string): Promise<void> {
  try {
    await billingProvider().cancelSubscriptionsOf(database, userId);
  } catch (error) {
    if (!isDomainError(error)) throw error;
    throw new APIError(error.kind === "unavailable" ? "SERVICE_UNAVAILABLE" : "BAD_GATEWAY", { message: error.message });
  }
}
