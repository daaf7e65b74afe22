import type { z } from "zod";
import { isOperator } from "@/lib/account/operators";
import { consumeKeyRequest, rateLimitedSentence, rateLimitHeaders, type RateDecision } from "@/lib/api-keys/rate-limit";
import { API_KEY_NOT_VALID, requireScope, verifyApiKey } from "@/lib/api-keys/verify";
import { currentSpace, currentUser } from "@/lib/auth/session";
import { db } from "@/lib/db/client";
import { env } from "@/lib/env";
import { doorRefusal } from "@/lib/security/door-checks";
import type { ApiKeyScope, User } from "@/lib/db/schema";
import { DomainError } from "@/lib/errors/domain-error";
import type { Within } from "@/lib/access/visibility";
import { NOT_AUTHORIZED_TEXT } from "@/lib/texts";
import { parseJsonBody, parseQuery } from "./body";
import { withRequestScope } from "./request-scope";
import type { AnswerSchemaOf, BodyOf, Endpoint, ParamsOf, QueryOf } from "@/lib/api/endpoint";
import { json } from "./responses";

/**
 * Who may call: `none` looks no session up; `optional` passes the signed-in user or null;
 * `user` needs a signed-in, active user (401); `operator` also needs OPERATOR_EMAILS (403).
 */
type Access = "none" | "optional" | "user" | "operator";

interface RouteOptions {
  auth: Access;
  /** largest body accepted, in bytes (default 64 KiB) */
  maxBodyBytes?: number;
  /**
   * The route also takes an API key (`Authorization: Bearer vbt_…`) in place of the session
   * cookie, and needs a key of this scope ("write" refuses read-only keys). A request with an
   * Authorization header is then authenticated by it alone. Routes without this option read
   * the cookie only, whatever the header says.
   */
  apiKey?: ApiKeyScope;
}

type UserFor<A extends Access> = A extends "none" | "optional" ? User | null : User;
type Parsed<S> = S extends z.core.$ZodType ? z.output<S> : undefined;
// An endpoint without an answer schema answers a Response, or JSON the browser reads without
// zod (`me`, lib/api/endpoints/session.ts) or nobody reads (Stripe's webhook).
type Answer<S> = S extends z.core.$ZodType ? z.input<S> | Response : unknown;

export interface RouteInput<E extends Endpoint, A extends Access, C = undefined> {
  request: Request;
  user: UserFor<A>;
  /**
   * The space the request acts in: for a session its active workspace (while the user is a
   * member), for an API key the key's workspace; null is the user's personal space.
   */
  space: string | null;
  /**
   * An API key reaches its own space only (a workspace's key never opens its maker's personal
   * transcriptions); a session reaches all the user may read. Pass it to the transcription reads.
   */
  within: Within | undefined;
  /**
   * Whether the way this request signed in still stands: its session not signed out, revoked
   * or expired and its user active, or its API key not revoked and its maker's access kept.
   * For answers that last (event streams), asked again while they do.
   */
  stillSignedIn: () => Promise<boolean>;
  body: Parsed<BodyOf<E>>;
  query: Parsed<QueryOf<E>>;
  /** the endpoint's path parameters, e.g. `{ id }` for "/api/folders/{id}" */
  params: ParamsOf<E["path"]>;
  /** what `beforeBody` returned */
  checked: C;
}

/**
 * Checks that must answer before the body is read: the caller owns what the path names, the
 * plan allows the operation. Someone else's transcription is then 404, and a plan without
 * the feature 403, whatever the body; what it returns is the handler's `checked`.
 */
type BeforeBody<E extends Endpoint, A extends Access, C> = (input: { request: Request; user: UserFor<A>; params: ParamsOf<E["path"]> }) => Promise<C>;

type RouteContext = { params: Promise<Record<string, string | string[]>> };

const NOT_SIGNED_IN = "You are not logged in.";

/** For `auth: "optional"` routes that check something else first: the user, or 401. */
export function signedIn(user: User | null): User {
  if (!user) throw new DomainError("unauthenticated", NOT_SIGNED_IN);
  return user;
}

async function userFor(access: Access, request: Request): Promise<User | null> {
  if (access === "none") return null;
  const user = await currentUser(db(), request.headers);
  if (access === "optional") return user;
  const known = signedIn(user);
  if (access === "operator" && !isOperator(known.email)) throw new DomainError("forbidden", NOT_AUTHORIZED_TEXT);
  return known;
}

interface Caller {
  user: User | null;
  space: string | null;
  viaKey: boolean;
  stillSignedIn: () => Promise<boolean>;
}

/** `Bearer <token>` (the scheme's case does not matter, RFC 9110) and nothing else; any other Authorization value is no key. */
const BEARER = /^Bearer ([^\s]+)$/i;

/**
 * The caller an API key stands for, its request counted against the key's rate limit, or the
 * answer refusing it: 401 for anything but a working key, 429 (with Retry-After) past the
 * limit, 403 for a read-only key on a route that changes something.
 */
async function keyCaller(access: Access, authorization: string, needed: ApiKeyScope, counted: (rate: RateDecision) => void): Promise<Caller | Response> {
  const token = BEARER.exec(authorization.trim())?.[1];
  if (!token) throw new DomainError("unauthenticated", API_KEY_NOT_VALID);
  const caller = await verifyApiKey(db(), token);
  const rate = await consumeKeyRequest(db(), caller.keyId);
  counted(rate);
  if (!rate.allowed) return json({ detail: rateLimitedSentence(rate.retryAfterSeconds) }, 429, { "retry-after": String(rate.retryAfterSeconds) });
  requireScope(caller, needed);
  if (access === "operator" && !isOperator(caller.user.email)) throw new DomainError("forbidden", NOT_AUTHORIZED_TEXT);
  const stillSignedIn = () => verifyApiKey(db(), token).then(() => true, () => false);
  return { user: caller.user, space: caller.space, viaKey: true, stillSignedIn };
}

async function sessionCaller(access: Access, request: Request): Promise<Caller> {
  const user = await userFor(access, request);
  // No cookie, no session (and no Better Auth lookup): tests give the user without one.
  const space = user && request.headers.has("cookie") ? await currentSpace(db(), request.headers) : null;
  const stillSignedIn = async () => !user || (await currentUser(db(), request.headers))?.id === user.id;
  return { user, space, viaKey: false, stillSignedIn };
}

/**
 * Every API route handler is one of these: session → validate (zod) → call lib → JSON.
 * The endpoint (lib/api/endpoints) gives the query, the body and the answer's schema and
 * status, the same value the browser calls and the OpenAPI document describes. The handler
 * returns the answer's value (sent as JSON) or, for files, streams and redirects, a
 * Response; a DomainError thrown anywhere becomes `{detail, …data}` with its kind's status,
 * anything else a logged 500. Every answer carries the request's id (`x-request-id`), as
 * does every log line written while it is served.
 */
export function route<const E extends Endpoint, A extends Access, C = undefined>(
  endpoint: E,
  options: RouteOptions & { auth: A; beforeBody?: BeforeBody<E, A, C> },
  handler: (input: RouteInput<E, A, C>) => Promise<Answer<AnswerSchemaOf<E>>>,
): (request: Request, context?: RouteContext) => Promise<Response> {
  const { body: bodySchema, query: querySchema } = endpoint;
  const served = async (request: Request, context?: RouteContext): Promise<Response> => {
    let rate: RateDecision | null = null;
    const response = await withRequestScope(request, async () => {
      const authorization = options.apiKey ? request.headers.get("authorization") : null;
      const refusal = doorRefusal(request, env().APP_URL, { byApiKey: authorization !== null });
      if (refusal) throw new DomainError(refusal.status === 400 ? "invalid" : "forbidden", refusal.detail);
      const caller =
        authorization !== null && options.apiKey
          ? await keyCaller(options.auth, authorization, options.apiKey, (counted) => (rate = counted))
          : await sessionCaller(options.auth, request);
      if (caller instanceof Response) return caller;
      const user = caller.user as UserFor<A>;
      const params = Object.fromEntries(
        Object.entries((await context?.params) ?? {}).map(([k, v]) => [k, Array.isArray(v) ? v.join("/") : v]),
      ) as ParamsOf<E["path"]>;
      const query = querySchema ? parseQuery(new URL(request.url).searchParams, querySchema) : undefined;
      const checked = options.beforeBody ? await options.beforeBody({ request, user, params }) : undefined;
      // A raw body (audio, an image, a tus part) is the handler's to read.
      const body = bodySchema && bodySchema !== "raw" ? await parseJsonBody(request, bodySchema, options.maxBodyBytes) : undefined;
      const within = caller.viaKey ? { space: caller.space } : undefined;
      const input = { request, user, space: caller.space, within, stillSignedIn: caller.stillSignedIn, body, query, params, checked } as RouteInput<E, A, C>;
      const answer = await handler(input);
      return answer instanceof Response ? answer : json(answer, endpoint.status ?? 200);
    });
    return rate ? withHeaders(response, rateLimitHeaders(rate)) : response;
  };
  return served;
}

/** Adds headers to an answer; one whose headers are fixed (a redirect made by Response.redirect) is copied. */
function withHeaders(response: Response, headers: Record<string, string>): Response {
  try {
    for (const [name, value] of Object.entries(headers)) response.headers.set(name, value);
    return response;
  } catch {
    const copy = new Response(response.body, response);
    for (const [name, value] of Object.entries(headers)) copy.headers.set(name, value);
    return copy;
  }
}
