import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { APIError, createAuthMiddleware } from "better-auth/api";
import { nextCookies } from "better-auth/next-js";
import { organization } from "better-auth/plugins/organization";
import { db } from "@/lib/db/client";
import { accounts, rateLimits, sessions, users, verifications, workspaceInvitations, workspaceMembers, workspaces } from "@/lib/db/schema";
import { CLIENT_HEADER } from "@/lib/security/client-address";
import { queueMail } from "@/lib/email/mail-queue";
import { passwordResetMail, workspaceInvitationMail } from "@/lib/email/templates";
import { env } from "@/lib/env";
import {
  assertEmailAttemptAllowed,
  assertEmailFree,
  assertNameAcceptable,
  assertNoImageField,
  assertOnlyNameChanged,
  assertPasswordAcceptable,
  assertSignInAllowed,
  assertSignupOpen,
  assertSubscriptionsEnded,
  handOverOrRefuse,
  assertUserActive,
} from "./guards";
import { displayName, nameProblem } from "./name-policy";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "./messages";
import { isOperator } from "@/lib/account/operators";
import { trustedOrigins } from "@/lib/security/trusted-origins";
import { authSecret } from "./secret";
import { hashPassword, verifyPassword } from "./password-hash";
import { SESSION_EXPIRES_IN, SESSION_UPDATE_AGE } from "./session-ages";
import { verificationPageLink } from "./routes";
import { sendVerificationLink } from "./verification-mail";
import { WORKSPACE_ACCESS } from "@/lib/access/workspace-roles";
import {
  allowWorkspaceCreation,
  assertAssignableRole,
  assertSeatForNewMember,
  checkedWorkspaceFields,
  handBackToOwner,
  INVITATION_DAYS,
  keepPromotionIfSeated,
  MAX_WORKSPACE_MEMBERS,
  OWNER_ROLE_FIXED,
  refuseWithdrawnInvitation,
  sendInvitationIfSeated,
} from "./workspace-rules";
import { removeUserAudioQuietly } from "@/lib/storage/audio-store";
import { confirmAddress, dropUnconfirmedPassword, endPasswordResets } from "@/lib/account/credentials";

const DAY = 24 * 3600;

/** Between Better Auth's before and after hooks of one account deletion: the audio that goes with it. */
const leavingAudio = new Map<string, string[]>();

/** Limits per client IP; sign-in, sign-up and password reset are the brute-force targets. */
const AUTH_RATE_LIMITS = {
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
      schema: {
        user: users,
        session: sessions,
        account: accounts,
        verification: verifications,
        rateLimit: rateLimits,
        organization: workspaces,
        member: workspaceMembers,
        invitation: workspaceInvitations,
      },
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
        beforeDelete: async (user) => {
          await assertSubscriptionsEnded(db(), user.id);
          leavingAudio.set(user.id, await handOverOrRefuse(db(), user.id));
        },
        // The rows go by foreign-key cascade; the audio files are not in the database.
        afterDelete: async (user) => {
          await removeUserAudioQuietly(user.id, leavingAudio.get(user.id));
          leavingAudio.delete(user.id);
        },
      },
    },
    session: { expiresIn: SESSION_EXPIRES_IN, updateAge: SESSION_UPDATE_AGE },
    emailAndPassword: {
      enabled: true,
      requireEmailVerification: true,
      minPasswordLength: PASSWORD_MIN_LENGTH,
      maxPasswordLength: PASSWORD_MAX_LENGTH,
      revokeSessionsOnPasswordReset: true,
      // Better Auth's own hashes and scrypt, but only a few at once (password-hash.ts).
      password: { hash: hashPassword, verify: verifyPassword },
      resetPasswordTokenExpiresIn: 3600,
      sendResetPassword: async ({ user, url }) => {
        await queueMail(db(), passwordResetMail(user.email, user.name, url));
      },
      // A reset link proves the mailbox: the address counts as confirmed, and the other
      // reset links of this user stop working.
      onPasswordReset: async ({ user }) => {
        await endPasswordResets(db(), user.id);
        await confirmAddress(db(), user.id);
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      sendOnSignIn: true,
      expiresIn: DAY,
      // The link opens our page, where confirming the address and choosing the password
      // are one step (see email-confirmation.ts): a password from before never survives it.
      // A sign-in sends it at most once per few minutes (verification-mail.ts).
      sendVerificationEmail: async ({ user, token, url }, request) => {
        await sendVerificationLink(db(), user, verificationPageLink(config.APP_URL, token, url), request);
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
            await assertSignupOpen(db());
            assertNameAcceptable(body.name);
            assertNoImageField(body);
            assertPasswordAcceptable(body.password, body.email);
            await assertEmailFree(db(), body.email);
            break;
          case "/sign-in/email":
            await assertSignInAllowed(db(), body.email, ctx.headers);
            break;
          case "/request-password-reset":
          case "/send-verification-email":
            await assertEmailAttemptAllowed(db(), ctx.path, body.email);
            break;
          case "/update-user":
            assertOnlyNameChanged(body);
            break;
          case "/reset-password":
            assertPasswordAcceptable(body.newPassword);
            break;
          case "/change-password":
            assertPasswordAcceptable(body.newPassword);
            break;
        }
      }),
      after: createAuthMiddleware(async (ctx) => {
        // A changed password ends every reset link sent before.
        if (ctx.path !== "/change-password" || ctx.context.returned instanceof APIError) return;
        const userId = ctx.context.session?.user.id;
        if (userId) await endPasswordResets(db(), userId);
      }),
    },
    databaseHooks: {
      user: {
        create: {
          before: async (user) => {
            await assertSignupOpen(db());
            // Sign-up checked the name already; a name from Google that breaks the rules
            // is replaced rather than refusing the account. A name is kept as one line.
            const name = typeof user.name === "string" && !nameProblem(user.name) ? displayName(user.name) : user.email.split("@")[0].slice(0, 100);
            return { data: { ...user, name, isAdmin: isOperator(user.email) } };
          },
        },
        // Every path that changes a user passes here, not only the profile form.
        update: {
          before: async (data) => {
            assertNameAcceptable(data.name);
            return { data: typeof data.name === "string" ? { ...data, name: displayName(data.name) } : data };
          },
        },
      },
      account: {
        create: {
          before: async (account) => {
            if (account.providerId !== "credential") await dropUnconfirmedPassword(db(), account.userId);
          },
        },
      },
      session: {
        create: {
          before: async (session) => {
            await assertUserActive(db(), session.userId);
          },
        },
      },
    },
    // The client address is resolved once (TCP peer, X-Forwarded-For only from TRUSTED_PROXIES)
    // and handed over in a header no client can set (lib/security/client-address).
    advanced: { ipAddress: { ipAddressHeaders: [CLIENT_HEADER] } },
    plugins: [
      organization({
        ...WORKSPACE_ACCESS,
        creatorRole: "owner",
        // Its organizations are our workspaces: the plugin reads and writes our tables' names
        // (its API keeps its own field names, organizationId in requests and answers).
        schema: {
          session: { fields: { activeOrganizationId: "activeWorkspaceId" } },
          member: { fields: { organizationId: "workspaceId" } },
          invitation: { fields: { organizationId: "workspaceId" } },
        },
        allowUserToCreateOrganization: (user) => allowWorkspaceCreation(db(), user.id),
        // Seats are checked by the hooks below, pending invitations included; this is only Better Auth's own ceiling.
        membershipLimit: MAX_WORKSPACE_MEMBERS,
        invitationExpiresIn: INVITATION_DAYS * DAY,
        cancelPendingInvitationsOnReInvite: true,
        requireEmailVerificationOnInvitation: true,
        sendInvitationEmail: async ({ id, email, role, organization: workspace, inviter }) => {
          const url = `${config.APP_URL}/invitations/${encodeURIComponent(id)}`;
          // Racing invitations all passed beforeCreateInvitation: the seat is held here, after the write.
          await sendInvitationIfSeated(db(), { id, workspaceId: workspace.id, role }, inviter.user.id, workspaceInvitationMail(email, inviter.user.name, workspace.name, role, url, INVITATION_DAYS));
        },
        organizationHooks: {
          beforeCreateOrganization: async ({ organization: fields }) => checkedWorkspaceFields(fields, { creating: true }),
          beforeUpdateOrganization: async ({ organization: fields }) => checkedWorkspaceFields(fields, { creating: false }),
          beforeCreateInvitation: async ({ invitation, inviter }) => {
            assertAssignableRole(invitation.role);
            await assertSeatForNewMember(db(), invitation.organizationId, { role: invitation.role, actorId: inviter.id });
          },
          afterCreateInvitation: async ({ invitation }) => refuseWithdrawnInvitation(invitation.id),
          beforeAddMember: async ({ member }) => {
            if (member.role !== "owner") await assertSeatForNewMember(db(), member.organizationId, { role: member.role });
          },
          beforeAcceptInvitation: async ({ invitation, user }) => {
            // Its own pending invitation holds the seat it is about to take.
            await assertSeatForNewMember(db(), invitation.organizationId, { role: invitation.role, acceptingInvitationId: invitation.id, actorId: user.id });
          },
          beforeUpdateMemberRole: async ({ member, newRole }) => {
            if (member.role === "owner") throw new APIError("FORBIDDEN", { message: OWNER_ROLE_FIXED, code: "WORKSPACE_REFUSED" });
            assertAssignableRole(newRole);
            // A viewer takes no seat; made member or admin, they need one. (The hook is not told who
            // asks, owner or admin, so the refusal names the owner as the one who adds seats.)
            if (member.role === "viewer" && newRole !== "viewer") await assertSeatForNewMember(db(), member.organizationId, { role: newRole });
          },
          afterUpdateMemberRole: async ({ member, previousRole }) =>
            keepPromotionIfSeated(db(), { id: member.id, workspaceId: member.organizationId, role: member.role }, previousRole),
          beforeDeleteOrganization: async ({ organization: workspace }) => handBackToOwner(db(), workspace.id),
        },
      }),
      nextCookies(),
    ],
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
