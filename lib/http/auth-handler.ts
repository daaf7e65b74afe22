import { toNextJsHandler } from "better-auth/next-js";
import { getAuth } from "@/lib/auth/auth";
import { AUTH_MESSAGES, authMessage } from "@/lib/auth/messages";
import { clearFailures, recordFailure } from "@/lib/auth/sign-in-throttle";
import { verificationPageLink } from "@/lib/auth/routes";
import type { Database } from "@/lib/db/client";
import { CLIENT_HEADER, clientAddress } from "@/lib/security/client-address";
import { TOO_DEEP, nestedDeeperThan } from "./json-depth";
import { readBodyLimited } from "./limited-body";
import { NUL_REFUSED, containsNul } from "@/lib/security/nul-characters";
import { withRequestScope } from "./request-scope";
import { errorResponse } from "./responses";

/**
 * Better Auth's endpoints behind our API conventions: malformed JSON is refused before it
 * reaches them, every error answer carries `detail` with the sentence users read, and the
 * client address they rate-limit by is the one we resolved, never one a client claims.
 * Better Auth builds the answers itself, so this wraps its handler instead of using route(),
 * in the same request scope (request id on the answer and the log lines).
 */

/** Auth requests are small forms; anything bigger is refused before it is parsed. */
const MAX_AUTH_BODY_BYTES = 64 * 1024;

/** `database` holds the sign-in failure counts. */
export function handleAuthRequest(database: Database, request: Request): Promise<Response> {
  return withRequestScope(request, () => answerAuthRequest(database, request));
}

async function answerAuthRequest(database: Database, request: Request): Promise<Response> {
  const handler = toNextJsHandler(getAuth());
  const headers = new Headers(request.headers);
  headers.set(CLIENT_HEADER, clientAddress(request.headers));
  const url = new URL(request.url);
  if (request.method === "GET") {
    // Verification links sent before confirmation asked for a password land on that page.
    if (url.pathname.endsWith("/verify-email")) return confirmationPage(url);
    return withDetail(await handler.GET(new Request(request.url, { method: "GET", headers })));
  }
  const body = await readBodyLimited(request, MAX_AUTH_BODY_BYTES);
  if (!body) return errorResponse(413, AUTH_MESSAGES.BODY_TOO_LARGE, { code: "BODY_TOO_LARGE" });
  const parsed = parseBody(request, body);
  if (parsed instanceof Response) return parsed;
  const replay = new Request(request.url, { method: request.method, headers, body });
  const response = await handler.POST(replay);
  if (url.pathname.endsWith("/sign-in/email")) await countSignIn(database, parsed, response.status);
  return withDetail(response);
}

function confirmationPage(url: URL): Response {
  // Relative, as the request's own origin may be the proxy's; an invitation or checkout the link carried goes along.
  const page = new URL(verificationPageLink(url.origin, url.searchParams.get("token") ?? "", url.href));
  return new Response(null, { status: 303, headers: { location: page.pathname + page.search } });
}

/** Failed passwords slow the account down; a success clears its record (rules: lib/auth/sign-in-throttle). */
async function countSignIn(database: Database, body: unknown, status: number): Promise<void> {
  const email = (body as { email?: unknown } | undefined)?.email;
  if (typeof email !== "string") return;
  if (status === 401) await recordFailure(database, email);
  else if (status === 200) await clearFailures(database, email);
}

/**
 * Better Auth (better-call) reads a body as JSON whatever the case of its type
 * (`Application/JSON`), and `application/…+json` too: every body whose type names JSON is
 * checked here first, so none reaches it unchecked.
 */
const JSON_TYPE = /json/i;

function parseBody(request: Request, body: Uint8Array<ArrayBuffer>): unknown {
  if (!JSON_TYPE.test(request.headers.get("content-type") ?? "")) return undefined;
  const text = new TextDecoder().decode(body);
  if (text.trim() === "") return undefined;
  if (nestedDeeperThan(text)) return errorResponse(400, TOO_DEEP, { code: "BODY_TOO_DEEP" });
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return errorResponse(400, AUTH_MESSAGES.MALFORMED_BODY, { code: "MALFORMED_BODY" });
  }
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) {
    return errorResponse(400, "The request body must be a JSON object.", { code: "BODY_MUST_BE_AN_OBJECT" });
  }
  if (containsNul(parsed)) return errorResponse(400, NUL_REFUSED, { code: "NUL_CHARACTER" });
  return parsed;
}

async function withDetail(response: Response): Promise<Response> {
  if (response.status < 400) return response;
  if (!response.headers.get("content-type")?.includes("application/json")) return response;
  const body = (await response.clone().json().catch(() => null)) as { code?: string; message?: string } | null;
  if (!body || typeof body !== "object") return response;
  const code = response.status === 429 && body.code !== "SIGN_IN_SLOWED" ? "RATE_LIMITED" : body.code;
  const detail = authMessage(code, body.message);
  const headers = new Headers(response.headers);
  headers.delete("content-length");
  return new Response(JSON.stringify({ ...body, code, message: detail, detail }), {
    status: response.status,
    headers,
  });
}
