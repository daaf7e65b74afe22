/** Bodies and answers of /api/me, /api/account/* and /api/logout. */
import { z } from "zod";

/** The spec's user object (`GET /api/me`). */
export const ApiUser = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  picture: z.string().nullable(),
  is_admin: z.boolean(),
  is_verified: z.boolean(),
});
export type ApiUser = z.infer<typeof ApiUser>;

export const ConfirmEmailBody = z.object({ token: z.string().min(1).max(4096), password: z.string().max(1024) });
export const ConfirmEmailAnswer = z.object({ email: z.string(), signed_in: z.boolean() });

export const AvatarAnswer = z.object({ picture: z.string().nullable() });
