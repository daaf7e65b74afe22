import { NextResponse, type NextRequest } from "next/server";
import { currentUser } from "@/lib/auth/session";
import { isProtectedPath, isSignedOutOnlyPath } from "@/lib/auth/routes";

/**
 * Route gating with a real redirect: protected pages without a session go to /login
 * (and back afterwards); /login and /signup with a session go to /dashboard.
 */
export async function proxy(request: NextRequest) {
  const { pathname, search } = request.nextUrl;
  const user = await currentUser(request.headers);
  if (!user && isProtectedPath(pathname)) {
    const url = new URL("/login", request.url);
    url.searchParams.set("next", pathname + search);
    return NextResponse.redirect(url);
  }
  if (user && isSignedOutOnlyPath(pathname)) {
    return NextResponse.redirect(new URL("/dashboard", request.url));
  }
  return NextResponse.next();
}

export const config = {
  matcher: ["/dashboard/:path*", "/transcription/:path*", "/account/:path*", "/admin/:path*", "/login", "/signup"],
};
