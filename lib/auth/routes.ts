/** Which paths need a session and which are for signed-out visitors only (spec §2). */
export const PROTECTED_PREFIXES = ["/dashboard", "/transcription", "/account", "/admin"];
export const SIGNED_OUT_ONLY = ["/login", "/signup"];

export function isProtectedPath(pathname: string): boolean {
  return PROTECTED_PREFIXES.some((p) => pathname === p || pathname.startsWith(`${p}/`));
}

export function isSignedOutOnlyPath(pathname: string): boolean {
  return SIGNED_OUT_ONLY.includes(pathname);
}

/**
 * Where to go after sign-in: a same-site path only, so `?next=` cannot send people to
 * another site.
 */
export function safeNextPath(next: string | null | undefined, fallback = "/dashboard"): string {
  if (!next || !next.startsWith("/") || next.startsWith("//") || next.startsWith("/\\")) return fallback;
  if (isSignedOutOnlyPath(next.split("?")[0])) return fallback;
  return next;
}
