import { AUTH_MESSAGES, GENERIC_AUTH_ERROR } from "./messages";

async function create() {
  const [{ createAuthClient }, { organizationClient }, { WORKSPACE_ACCESS }] = await Promise.all([
    import("better-auth/react"),
    import("better-auth/client/plugins"),
    import("@/lib/access/workspace-roles"),
  ]);
  // The workspaces' endpoints (/api/auth/organization/…), typed with our roles, viewer included.
  return createAuthClient({ basePath: "/api/auth", plugins: [organizationClient(WORKSPACE_ACCESS)] });
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
