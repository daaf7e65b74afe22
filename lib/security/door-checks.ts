import { NUL_REFUSED } from "./nul-characters";
import { malformedAddress } from "./malformed-address";
import { CROSS_SITE_REFUSED, isCrossSiteWrite } from "./request-origin";

export interface DoorRefusal {
  status: 400 | 403;
  detail: string;
}

/**
 * What every request must pass before any route runs: an address that decodes and holds no
 * NUL, and no state-changing request sent by another website (CSRF). The proxy asks this for
 * every path it matches (pages, Better Auth's routes, addresses holding "%"); `route()` asks
 * for every API route, which the proxy leaves out (see proxy.ts: it would buffer their bodies
 * and cost every call).
 */
export function doorRefusal(
  request: { url: string; method: string; headers: Headers },
  appUrl: string,
  /**
   * The request is authenticated by an API key in its Authorization header alone (its
   * cookies are not read): a browser never adds that header on its own, so another site
   * cannot forge it and the cross-site check does not apply.
   */
  { byApiKey = false }: { byApiKey?: boolean } = {},
): DoorRefusal | null {
  const problem = malformedAddress(request.url);
  if (problem) return { status: 400, detail: problem === "nul" ? NUL_REFUSED : "This address is not valid." };
  if (!byApiKey && isCrossSiteWrite(request, appUrl)) return { status: 403, detail: CROSS_SITE_REFUSED };
  return null;
}
