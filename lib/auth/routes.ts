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

/**
 * The verification mail's link: our confirmation page with the token and, when sign-up or
 * sign-in was on its way somewhere (an invitation, a plan's checkout), where to go after. Better
 * Auth's own link carries that as `callbackURL=/login-success?next=…` (the forms set it).
 */
export function verificationPageLink(appUrl: string, token: string, betterAuthLink: string): string {
  const link = new URL("/verify-email", appUrl);
  link.searchParams.set("token", token);
  let callback: URL | null = null;
  try {
    callback = new URL(new URL(betterAuthLink).searchParams.get("callbackURL") ?? "", PROBE_ORIGIN);
  } catch {
    callback = null;
  }
  const next = callback?.origin === PROBE_ORIGIN ? safeNextPath(callback.searchParams.get("next"), "") : "";
  if (next && next !== "/dashboard") link.searchParams.set("next", next);
  return link.toString();
}
