import { NextResponse, type NextRequest } from "next/server";
import { currentUser } from "@/lib/auth/session";
import { isProtectedPath, isSignedOutOnlyPath } from "@/lib/auth/routes";
import { db } from "@/lib/db/client";
import { env } from "@/lib/env";
import { API_POLICY, HSTS, pagePolicy } from "@/lib/security/content-security-policy";
import { doorRefusal } from "@/lib/security/door-checks";
import { directUploadOrigin } from "@/lib/storage/direct-upload-origin";

/**
 * Every page request (not static files, the landing page or well-formed API addresses
 * outside /api/auth, see `config`) passes here, before any route:
 * - an address that cannot be decoded, or holds a NUL, is answered 400 (never a 500);
 * - a state-changing request sent by another website is refused (CSRF);
 * - pages get a Content-Security-Policy with a fresh script nonce, API answers a strict one;
 * - route gating with a real redirect: protected pages without a session go to /login
 *   (and back afterwards); /login and /signup with a session go to /dashboard.
 */
export async function proxy(request: NextRequest) {
  const { pathname, search } = request.nextUrl;
  const api = pathname.startsWith("/api/");
  const { APP_URL, NODE_ENV, NEXT_PUBLIC_POSTHOG_KEY, NEXT_PUBLIC_POSTHOG_HOST } = env();

  const refusal = doorRefusal(request, APP_URL);
  if (refusal) return refuse(refusal.status, refusal.detail);

  if (!api && isProtectedPath(pathname) && !(await currentUser(db(), request.headers))) {
    const url = new URL("/login", request.url);
    url.searchParams.set("next", pathname + search);
    return secured(NextResponse.redirect(url), APP_URL, API_POLICY);
  }
  if (!api && isSignedOutOnlyPath(pathname) && (await currentUser(db(), request.headers))) {
    return secured(NextResponse.redirect(new URL("/dashboard", request.url)), APP_URL, API_POLICY);
  }
  if (api) return secured(NextResponse.next(), APP_URL, API_POLICY);

  const nonce = Buffer.from(crypto.getRandomValues(new Uint8Array(16))).toString("base64");
  const policy = pagePolicy(nonce, {
    dev: NODE_ENV !== "production",
    https: APP_URL.startsWith("https:"),
    analyticsHost: NEXT_PUBLIC_POSTHOG_KEY ? NEXT_PUBLIC_POSTHOG_HOST : undefined,
    uploadOrigin: directUploadOrigin(),
  });
  // Next.js reads the nonce from the request's policy and puts it on its own scripts.
  const headers = new Headers(request.headers);
  headers.set("x-nonce", nonce);
  headers.set("content-security-policy", policy);
  return secured(NextResponse.next({ request: { headers } }), APP_URL, policy);
}

function secured(response: NextResponse, appUrl: string, policy: string): NextResponse {
  response.headers.set("content-security-policy", policy);
  if (appUrl.startsWith("https:")) response.headers.set("strict-transport-security", HSTS);
  return response;
}

function refuse(status: number, detail: string): NextResponse {
  return NextResponse.json({ detail }, { status, headers: { "cache-control": "no-store", "content-security-policy": API_POLICY } });
}

export const config = {
  // Everything but static files, "/" itself and the API's well-formed addresses:
  // - The landing page is prerendered and served as a file, with its own fixed policy
  //   (next.config.ts); running the proxy would add a nonce its HTML cannot carry.
  // - For any request the proxy matches, Next.js reads the whole body into memory first and
  //   cuts it at 10 MB (issue 24), and runs the proxy's own request pipeline, which cost the
  //   API a good part of its throughput and tail latency (issue 25). Every API route makes
  //   the same door checks itself (route() → doorRefusal) and gets the API's policy from
  //   next.config.ts. Better Auth's routes (/api/auth/…) still come here: they are not route()s.
  // - Only addresses without a "%" are left out: a malformed one (`/api/uploads/%`) still
  //   meets the proxy's 400 before Next.js tries to decode it for the route.
  // - /shared (a share link's page) is not: it runs under the nonce policy like every other
  //   page, since a stranger's browser reads it and it must not allow inline scripts wholesale.
  matcher: ["/((?!_next/static|_next/image|favicon.ico|api/(?!auth/)[^%]*$).+)"],
};
