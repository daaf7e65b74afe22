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
export function safeNextPath(next: unknown, fallback = "/dashboard"): string {
  // A repeated `?next=` arrives as a list: none of them is trusted.
  if (typeof next !== "string" || !next.startsWith("/") || /[\u0000-\u001f\u007f\\]/.test(next)) return fallback;
  let url: URL;
  try {
    url = new URL(next, PROBE_ORIGIN);
  } catch {
    return fallback;
  }
  // Dot segments can leave a path that starts with "//" ("/.//evil.example"), which a browser reads as another site.
  if (url.origin !== PROBE_ORIGIN || url.pathname.startsWith("//") || isSignedOutOnlyPath(url.pathname)) return fallback;
  return url.pathname + url.search + url.hash;
}

/**
 * The verification mail's link: our confirmation page with the token and, when sign-up or
 * sign-in was on its way to an invitation or a plan's checkout, where to go after. Better
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
  if (CARRIED_THROUGH_MAIL.some((prefix) => next.startsWith(prefix))) link.searchParams.set("next", next);
  return link.toString();
}

/**
 * What a verification mail carries: the journeys sign-up interrupts (an invitation, a plan's
 * checkout). Anyone may have a genuine mail sent to an unconfirmed address with a callback of
 * their choosing, so it leads nowhere else.
 */
const CARRIED_THROUGH_MAIL = ["/invitations/", "/billing/checkout/"];
