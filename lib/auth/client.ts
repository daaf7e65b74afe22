import { AUTH_MESSAGES, GENERIC_AUTH_ERROR } from "./messages";

function create() {
  return import("better-auth/react").then(({ createAuthClient }) => createAuthClient({ basePath: "/api/auth" }));
}

let client: ReturnType<typeof create> | undefined;

/**
 * Browser-side Better Auth client; every call goes to this site's /api/auth. Loaded on first
 * use (a form's submit), so the log-in and sign-up pages do not ship it in their first load.
 */
export function authClient(): ReturnType<typeof create> {
  client ??= create();
  return client;
}

/** The sentence to show for a failed auth call (the server already put it in `message`). */
export function errorText(error: { message?: string; status?: number; code?: string } | null | undefined): string {
  if (!error) return "";
  // A slowed account names its wait; other 429s may come without our sentence.
  if (error.status === 429 && error.code !== "SIGN_IN_SLOWED") return AUTH_MESSAGES.RATE_LIMITED;
  return error.message || GENERIC_AUTH_ERROR;
}
