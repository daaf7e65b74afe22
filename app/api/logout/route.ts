import { getAuth } from "@/lib/auth/auth";
import { env } from "@/lib/env";
import { route } from "@/lib/http/route";
import { sentFromOwnPage } from "@/lib/security/request-origin";
import * as sessionApi from "@/lib/api/endpoints/session";

/**
 * `POST /api/logout` ends the session (if any) and sends the browser to /login, on
 * whichever host it came from (a relative Location). The spec's `GET /api/logout?source=app`
 * does the same only when the browser says our own page (or the user, typing the address)
 * asked for it; a link or image on another site gets the redirect and nothing else.
 */
export const POST = route(sessionApi.logOut, { auth: "none" }, async ({ request }) => signOutAndLeave(request, true));

export const GET = route(sessionApi.logOutLink, { auth: "none" }, async ({ request }) =>
  signOutAndLeave(request, sentFromOwnPage(request, env().APP_URL) === true),
);

async function signOutAndLeave(request: Request, signOut: boolean): Promise<Response> {
  const headers = new Headers({ location: "/login", "cache-control": "no-store" });
  if (signOut) {
    const answer = await getAuth()
      .api.signOut({ headers: request.headers, asResponse: true })
      .catch(() => null);
    for (const cookie of answer?.headers.getSetCookie() ?? []) headers.append("set-cookie", cookie);
  }
  return new Response(null, { status: 303, headers });
}
