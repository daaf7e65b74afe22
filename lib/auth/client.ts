import { createAuthClient } from "better-auth/react";
import { AUTH_MESSAGES, GENERIC_AUTH_ERROR } from "./messages";

/** Browser-side Better Auth client; every call goes to this site's /api/auth. */
export const authClient = createAuthClient({ basePath: "/api/auth" });

/** The sentence to show for a failed auth call (the server already put it in `message`). */
export function errorText(error: { message?: string; status?: number } | null | undefined): string {
  if (!error) return "";
  if (error.status === 429) return AUTH_MESSAGES.RATE_LIMITED;
  return error.message || GENERIC_AUTH_ERROR;
}
