/** Which paths need a session and which are for signed-out visitors only (spec §2). */
const PROTECTED_PREFIXES = ["/dashboard", "/transcription", "/account", "/developers", "/admin", "/workspace", "/invitations"];
const SIGNED_OUT_ONLY = ["/login", "/signup"];

export function isProtectedPath(pathname: string): boolean {
  return PROTECTED_PREFIXES.some((p) => pathname === p || pathname.startsWith(`${p}/`));
}

export function isSignedOutOnlyPath(pathname: string): boolean {
  return SIGNED_OUT_ONLY.includes(pathname);
}

const PROBE_ORIGIN = "http://verbatim.invalid";

/**
 * Where to go after sign-in: a path on this site only. Parsed the way a browser parses it
 * (which drops tabs and newlines and reads `\` as `/`), so `?next=` cannot leave the site.
 */
export function safeNextPath(next: string | null | undefined, fallback = "/dashboard"): string {
  if (!next || !next.startsWith("/") || /[\u0000-\u001f\u007f\\]/.test(next)) return fallback;
  let url: URL;
  try {
    url = new URL(next, PROBE_ORIGIN);
  } catch {
    return fallback;
  }
  if (url.origin !== PROBE_ORIGIN || isSignedOutOnlyPath(url.pathname)) return fallback;
  return url.pathname + url.search + url.hash;
}
