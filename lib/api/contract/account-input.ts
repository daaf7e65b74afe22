/** Bodies of /api/account/*, validated by the server. */
import { z } from "zod";

/** `POST /api/account/confirm-email` from the verification page. */
export const ConfirmEmailBody = z.object({ token: z.string().min(1).max(4096), password: z.string().max(1024) });

/** `PUT /api/account/notifications` from the account page. */
export const NotificationsBody = z.object({ email_when_done: z.boolean() });
