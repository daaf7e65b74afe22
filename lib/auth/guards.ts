import { APIError } from "better-auth/api";
import { cancelStripeSubscriptionsOf } from "@/lib/accounts/account-removal";
import { stripeFromEnv } from "@/lib/billing/stripe/client";
import { BillingProviderError } from "@/lib/billing/stripe/errors";
import { db } from "@/lib/db/client";
import { getSetting } from "@/lib/settings/settings";
import { AUTH_MESSAGES } from "./messages";
import { EMAIL_RATE_LIMITS, consumeEmailAttempt } from "./email-rate-limit";
import { nameProblem } from "./name-policy";
import { passwordProblem } from "./password-policy";
import { findUserByEmail, findUserById } from "./users";

/**
 * Rules Better Auth does not know about, run before its endpoints and database writes.
 * Each throws an APIError whose code maps to a sentence in AUTH_MESSAGES.
 */
type Status = "FORBIDDEN" | "NOT_FOUND" | "UNPROCESSABLE_ENTITY" | "BAD_REQUEST" | "TOO_MANY_REQUESTS";

function fail(status: Status, code: string): never {
  throw new APIError(status, { code, message: AUTH_MESSAGES[code] });
}

export async function assertSignupOpen(): Promise<void> {
  if (!(await getSetting(db(), "signup_enabled"))) fail("FORBIDDEN", "SIGNUP_DISABLED");
}

export function assertPasswordAcceptable(password: unknown, email?: unknown): void {
  if (typeof password !== "string") return; // Better Auth's own validation answers this
  const problem = passwordProblem(password, typeof email === "string" ? email : undefined);
  if (problem) fail("BAD_REQUEST", problem);
}

export async function assertEmailFree(email: unknown): Promise<void> {
  if (typeof email !== "string") return;
  if (await findUserByEmail(email)) fail("UNPROCESSABLE_ENTITY", "USER_ALREADY_EXISTS");
}

/** Sign-in and reset requests name an address; say plainly when no account has it. */
export async function assertAccountExists(email: unknown): Promise<void> {
  if (typeof email !== "string") return;
  const user = await findUserByEmail(email);
  if (!user) fail("NOT_FOUND", "ACCOUNT_NOT_FOUND_FOR_EMAIL");
  if (!user.isActive) fail("FORBIDDEN", "ACCOUNT_DEACTIVATED");
}

/** Every way of starting a session passes here: password, OAuth, auto sign-in after verification. */
export async function assertUserActive(userId: string): Promise<void> {
  const user = await findUserById(userId);
  if (!user || !user.isActive) fail("FORBIDDEN", "ACCOUNT_DEACTIVATED");
}

/** Names end up in mail we send and in operators' lists: short, one line, no links. */
export function assertNameAcceptable(name: unknown): void {
  if (typeof name !== "string") return;
  const problem = nameProblem(name);
  if (problem) fail("BAD_REQUEST", problem);
}

export async function assertEmailAttemptAllowed(path: string, email: unknown): Promise<void> {
  const rule = EMAIL_RATE_LIMITS[path];
  if (!rule || typeof email !== "string") return;
  if (!(await consumeEmailAttempt(path, email, rule))) fail("TOO_MANY_REQUESTS", "RATE_LIMITED");
}

/** The picture is set only through the avatar upload, which checks the image. */
export function assertNoImageField(body: Record<string, unknown>): void {
  if ("image" in body) fail("BAD_REQUEST", "IMAGE_NOT_SETTABLE");
}

/**
 * Before a user deletes their own account: their Stripe subscriptions end at Stripe, as when an
 * operator deletes it. If that fails the account stays, and the user is told why.
 */
export async function assertSubscriptionsEnded(userId: string): Promise<void> {
  try {
    await cancelStripeSubscriptionsOf(db(), userId, stripeFromEnv());
  } catch (error) {
    if (!(error instanceof BillingProviderError)) throw error;
    throw new APIError(error.status === 503 ? "SERVICE_UNAVAILABLE" : "BAD_GATEWAY", { message: error.message });
  }
}
