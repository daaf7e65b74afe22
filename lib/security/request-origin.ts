import { trustedOrigins } from "./trusted-origins";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

interface RequestLike {
  method: string;
  headers: Headers;
}

function originOf(value: string): string | null {
  try {
    return new URL(value).origin;
  } catch {
    return null;
  }
}

/** APP_URL (and its localhost twin), or the host the request was sent to. */
function isOwnOrigin(origin: string, headers: Headers, appUrl: string): boolean {
  if (trustedOrigins(appUrl).includes(origin)) return true;
  const host = headers.get("host");
  return Boolean(host) && new URL(origin).host === host;
}

/**
 * Whether the browser says this request comes from one of our own pages: Origin, else
 * Referer, else Sec-Fetch-Site. `null` when the request carries none of them (a script or
 * a command-line client, which holds no victim's cookie).
 */
export function sentFromOwnPage(request: RequestLike, appUrl: string): boolean | null {
  const origin = request.headers.get("origin");
  if (origin) {
    const parsed = originOf(origin);
    return parsed !== null && isOwnOrigin(parsed, request.headers, appUrl);
  }
  const referer = request.headers.get("referer");
  if (referer) {
    const parsed = originOf(referer);
    return parsed !== null && isOwnOrigin(parsed, request.headers, appUrl);
  }
  const site = request.headers.get("sec-fetch-site");
  if (site) return site === "same-origin" || site === "none";
  return null;
}

/**
 * Cross-site request forgery: a state-changing request that a browser marks as coming
 * from another site is refused, whatever cookie it carries.
 */
export function isCrossSiteWrite(request: RequestLike, appUrl: string): boolean {
  if (SAFE_METHODS.has(request.method.toUpperCase())) return false;
  return sentFromOwnPage(request, appUrl) === false;
}

export const CROSS_SITE_REFUSED = "This request came from another website and was refused.";
