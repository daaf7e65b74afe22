import { getAuth } from "@/lib/auth/auth";

/**
 * `GET /api/logout?source=app`: ends the session (if any) and sends the browser to /login,
 * on whichever host it came from (a relative Location).
 */
export async function GET(request: Request) {
  const headers = new Headers({ location: "/login", "cache-control": "no-store" });
  const signOut = await getAuth()
    .api.signOut({ headers: request.headers, asResponse: true })
    .catch(() => null);
  for (const cookie of signOut?.headers.getSetCookie() ?? []) headers.append("set-cookie", cookie);
  return new Response(null, { status: 303, headers });
}
