import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { createAuthMiddleware } from "better-auth/api";
import { nextCookies } from "better-auth/next-js";
import { db } from "@/lib/db/client";
import { accounts, rateLimits, sessions, users, verifications } from "@/lib/db/schema";
import { sendMail } from "@/lib/email/mail";
import { passwordResetMail, verificationMail } from "@/lib/email/templates";
import { env } from "@/lib/env";
import {
  assertAccountExists,
  assertEmailAttemptAllowed,
  assertEmailFree,
  assertNameAcceptable,
  assertNoImageField,
  assertPasswordAcceptable,
  assertSignupOpen,
  assertSubscriptionsEnded,
  assertUserActive,
} from "./guards";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "./messages";
import { isOperator } from "./operators";
import { trustedOrigins } from "./origins";
import { authSecret } from "./secret";
import { removeUserAudioQuietly } from "@/lib/storage/audio-store";

const DAY = 24 * 3600;

/** Limits per client IP; sign-in, sign-up and password reset are the brute-force targets. */
export const AUTH_RATE_LIMITS = {
  "/sign-in/email": { window: 60, max: 10 },
  "/sign-up/email": { window: 60, max: 5 },
  "/request-password-reset": { window: 60, max: 5 },
  "/reset-password": { window: 60, max: 10 },
} as const;

export function googleConfigured(): boolean {
  const { GOOGLE_CLIENT_ID, GOOGLE_CLIENT_SECRET } = env();
  return Boolean(GOOGLE_CLIENT_ID && GOOGLE_CLIENT_SECRET);
}

function createAuth() {
  const config = env();
  return betterAuth({
    appName: "Verbatim",
    baseURL: config.APP_URL,
    basePath: "/api/auth",
    secret: authSecret(),
    trustedOrigins: trustedOrigins(config.APP_URL),
    telemetry: { enabled: false },
    database: drizzleAdapter(db(), {
      provider: "pg",
      schema: { user: users, session: sessions, account: accounts, verification: verifications, rateLimit: rateLimits },
    }),
    user: {
      additionalFields: {
        isAdmin: { type: "boolean", required: false, defaultValue: false, input: false },
        isActive: { type: "boolean", required: false, defaultValue: true, input: false },
        onboardingSeenAt: { type: "date", required: false, input: false },
        stripeCustomerId: { type: "string", required: false, input: false },
      },
      deleteUser: {
        enabled: true,
        beforeDelete: (user) => assertSubscriptionsEnded(user.id),
        // The rows go by foreign-key cascade; the audio files are not in the database.
        afterDelete: (user) => removeUserAudioQuietly(user.id),
      },
    },
    session: { expiresIn: 30 * DAY, updateAge: DAY },
    emailAndPassword: {
      enabled: true,
      requireEmailVerification: true,
      minPasswordLength: PASSWORD_MIN_LENGTH,
      maxPasswordLength: PASSWORD_MAX_LENGTH,
      revokeSessionsOnPasswordReset: true,
      resetPasswordTokenExpiresIn: 3600,
      sendResetPassword: async ({ user, url }) => {
        await sendMail(passwordResetMail(user.email, user.name, url));
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      sendOnSignIn: true,
      autoSignInAfterVerification: true,
      expiresIn: DAY,
      sendVerificationEmail: async ({ user, url }) => {
        await sendMail(verificationMail(user.email, user.name, url));
      },
    },
    socialProviders: googleConfigured()
      ? { google: { clientId: config.GOOGLE_CLIENT_ID!, clientSecret: config.GOOGLE_CLIENT_SECRET! } }
      : {},
    rateLimit: {
      enabled: config.AUTH_RATE_LIMIT_ENABLED,
      storage: "database",
      window: 60,
      max: 120,
      customRules: AUTH_RATE_LIMITS,
    },
    hooks: {
      before: createAuthMiddleware(async (ctx) => {
        const body = (ctx.body ?? {}) as Record<string, unknown>;
        switch (ctx.path) {
          case "/sign-up/email":
            await assertSignupOpen();
            assertNameAcceptable(body.name);
            assertNoImageField(body);
            assertPasswordAcceptable(body.password, body.email);
            await assertEmailFree(body.email);
            break;
          case "/sign-in/email":
          case "/request-password-reset":
            await assertEmailAttemptAllowed(ctx.path, body.email);
            await assertAccountExists(body.email);
            break;
          case "/send-verification-email":
            await assertEmailAttemptAllowed(ctx.path, body.email);
            break;
          case "/update-user":
            assertNameAcceptable(body.name);
            assertNoImageField(body);
            break;
          case "/reset-password":
            assertPasswordAcceptable(body.newPassword);
            break;
          case "/change-password":
            assertPasswordAcceptable(body.newPassword);
            break;
        }
      }),
    },
    databaseHooks: {
      user: {
        create: {
          before: async (user) => {
            await assertSignupOpen();
            return { data: { ...user, isAdmin: isOperator(user.email) } };
          },
        },
      },
      session: {
        create: {
          before: async (session) => {
            await assertUserActive(session.userId);
          },
        },
      },
    },
    advanced: config.TRUSTED_PROXIES.length ? { ipAddress: { trustedProxies: config.TRUSTED_PROXIES } } : {},
    plugins: [nextCookies()],
  });
}

export type Auth = ReturnType<typeof createAuth>;

// Created on first use, not at import: `next build` imports route modules and must not
// open the database or read secrets.
const globalForAuth = globalThis as unknown as { verbatimAuth?: Auth };

export function getAuth(): Auth {
  globalForAuth.verbatimAuth ??= createAuth();
  return globalForAuth.verbatimAuth;
}
