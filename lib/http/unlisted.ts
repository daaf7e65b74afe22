/**
 * What every answer to a share link's public routes carries, errors included: never indexed
 * nor followed, never stored by a browser or proxy, and no Referer leaving the page (the
 * token is in its fragment, which browsers leave out anyway; this is the second lock).
 */
const UNLISTED_HEADERS: Readonly<Record<string, string>> = {
  "x-robots-tag": "noindex, nofollow",
  "referrer-policy": "no-referrer",
  "cache-control": "private, no-store",
};

type Handler<C> = (request: Request, context: C) => Promise<Response>;

/** Wraps a route() handler so that whatever it answers has UNLISTED_HEADERS. */
export function unlisted<C>(handler: Handler<C>): Handler<C> {
  return async (request, context) => {
    const response = await handler(request, context);
    try {
      for (const [name, value] of Object.entries(UNLISTED_HEADERS)) response.headers.set(name, value);
      return response;
    } catch {
      // Some responses' headers cannot be changed (redirects, fetched answers): a copy's can.
      const copy = new Response(response.body, { status: response.status, statusText: response.statusText, headers: response.headers });
      for (const [name, value] of Object.entries(UNLISTED_HEADERS)) copy.headers.set(name, value);
      return copy;
    }
  };
}
