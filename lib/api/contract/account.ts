/**
 * /api/me and /api/account/*: the answers the browser checks, and the bodies the server
 * validates (zod/mini: small in the bundle).
 */
import * as z from "zod/mini";

/** The spec's user object (`GET /api/me`). */
export const ApiUser = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  picture: z.nullable(z.string()),
  is_admin: z.boolean(),
  is_verified: z.boolean(),
});
export type ApiUser = z.infer<typeof ApiUser>;

export const ConfirmEmailAnswer = z.object({ email: z.string(), signed_in: z.boolean() });

export const AvatarAnswer = z.object({ picture: z.nullable(z.string()) });

/** The user's notification settings (`PUT /api/account/notifications`). */
export const NotificationsAnswer = z.object({ email_when_done: z.boolean() });

/** `POST /api/account/confirm-email` from the verification page. */
export const ConfirmEmailBody = z.object({ token: z.string().check(z.minLength(1), z.maxLength(4096)), password: z.string().check(z.maxLength(1024)) });

/** `PUT /api/account/notifications` from the account page. */
export const NotificationsBody = z.object({ email_when_done: z.boolean() });
