import { log, logsAt, withLogContext } from "@/lib/log/logger";
import { errorAnswer } from "./error-response";

const REQUEST_ID_HEADER = "x-request-id";

/** An id a proxy or client sent is kept only in this shape: logs never carry a caller's arbitrary text. */
const WELL_FORMED_ID = /^[A-Za-z0-9._-]{1,64}$/;

function requestIdOf(request: Request): string {
  const sent = request.headers.get(REQUEST_ID_HEADER);
  return sent && WELL_FORMED_ID.test(sent) ? sent : crypto.randomUUID();
}

/**
 * One API request from start to answer: every line logged meanwhile carries its request id,
 * which the answer sends back in `x-request-id`, errors included. Whatever the work throws
 * becomes its error answer (a bug: a 500 with a plain sentence). A 5xx leaves one error line
 * (with the error, when one was thrown); any other answer a debug line only, as a line per
 * request would drown the logs of a busy server.
 */
export function withRequestScope(request: Request, work: () => Promise<Response>): Promise<Response> {
  const requestId = requestIdOf(request);
  const started = performance.now();
  return withLogContext({ requestId }, async () => {
    let thrown: unknown;
    const response = await work().catch((error: unknown) => {
      thrown = error;
      return errorAnswer(error);
    });
    // Built only for a line that is written: most answers write none.
    const outcome = () => ({
      method: request.method,
      path: loggedPath(new URL(request.url).pathname),
      status: response.status,
      duration_ms: Math.round(performance.now() - started),
    });
    if (response.status >= 500) log().error({ ...outcome(), err: thrown }, "request failed");
    else if (logsAt("debug")) log().debug(outcome(), "request answered");
    return withHeader(response, REQUEST_ID_HEADER, requestId);
  });
}

/**
 * The path as logged: Better Auth's callbacks carry their one-time token in the path
 * (`/api/auth/reset-password/<token>`), so past its endpoint's name nothing of it is written;
 * a share link's token (`/api/shared/<token>/…`) is never written either.
 */
function loggedPath(path: string): string {
  const auth = /^(\/api\/auth\/[^/]+)\/.+$/.exec(path);
  if (auth) return `${auth[1]}/…`;
  return path.replace(/^\/api\/shared\/[^/]+/, "/api/shared/…");
}

function withHeader(response: Response, name: string, value: string): Response {
  try {
    response.headers.set(name, value);
    return response;
  } catch {
    // The headers of Response.redirect() and of fetched answers cannot be changed: a copy's can.
    const copy = new Response(response.body, { status: response.status, statusText: response.statusText, headers: response.headers });
    copy.headers.set(name, value);
    return copy;
  }
}
