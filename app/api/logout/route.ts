import { NextResponse } from "next/server";
import { getAuth } from "@/lib/auth/auth";
import { env } from "@/lib/env";

/** `GET /api/logout?source=app`: ends the session (if any) and sends the browser to /login. */
export async function GET(request: Request) {
  const redirect = NextResponse.redirect(new URL("/login", env().APP_URL), 303);
  redirect.headers.set("cache-control", "no-store");
  const signOut = await getAuth()
    .api.signOut({ headers: request.headers, asResponse: true })
    .catch(() => null);
  for (const cookie of signOut?.headers.getSetCookie() ?? []) redirect.headers.append("set-cookie", cookie);
  return redirect;
}
