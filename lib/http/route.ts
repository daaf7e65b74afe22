import type { z } from "zod";
import { isOperator } from "@/lib/accounts/operators";
import { currentUser } from "@/lib/auth/session";
import { db } from "@/lib/db/client";
import { env } from "@/lib/env";
import { doorRefusal } from "@/lib/security/door-checks";
import type { User } from "@/lib/db/schema";
import { DomainError } from "@/lib/errors/domain-error";
import { NOT_AUTHORIZED_TEXT } from "@/lib/texts";
import { parseJsonBody, parseQuery } from "./body";
import { withRequestScope } from "./request-scope";
import { json } from "./responses";

/**
 * Who may call: `none` looks no session up; `optional` passes the signed-in user or null;
 * `user` needs a signed-in, active user (401); `operator` also needs OPERATOR_EMAILS (403).
 */
type Access = "none" | "optional" | "user" | "operator";

interface RouteOptions {
  auth: Access;
  /** zod schema of the JSON body (parsed before the handler runs) */
  body?: z.ZodType;
  /** largest body accepted, in bytes (default 64 KiB) */
  maxBodyBytes?: number;
  /** zod schema of the query string */
  query?: z.ZodType;
  /** status of a successful JSON answer (default 200) */
  status?: number;
  /** the contract schema of the answer (lib/api/contract, zod/mini): the handler's value must fit it */
  answer?: z.core.$ZodType;
}

type UserFor<A extends Access> = A extends "none" | "optional" ? User | null : User;
type Parsed<S> = S extends z.ZodType ? z.output<S> : undefined;
type Answer<S> = S extends z.core.$ZodType ? z.input<S> | Response : unknown;

export interface RouteInput<O extends RouteOptions, C = undefined> {
  request: Request;
  user: UserFor<O["auth"]>;
  body: Parsed<O["body"]>;
  query: Parsed<O["query"]>;
  /** the dynamic segments of the path, e.g. `{ id }` for `[id]` */
  params: Record<string, string>;
  /** what `beforeBody` returned */
  checked: C;
}

/**
 * Checks that must answer before the body is read: the caller owns what the path names, the
 * plan allows the operation. Someone else's transcription is then 404, and a plan without
 * the feature 403, whatever the body; what it returns is the handler's `checked`.
 */
type BeforeBody<A extends Access, C> = (input: { request: Request; user: UserFor<A>; params: Record<string, string> }) => Promise<C>;

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

/**
 * Every API route handler is one of these: session → validate (zod) → call lib → JSON.
 * The handler returns the answer's value (sent as JSON) or, for files, streams and
 * redirects, a Response; a DomainError thrown anywhere becomes `{detail, …data}` with
 * its kind's status, anything else a logged 500. Every answer carries the request's id
 * (`x-request-id`), as does every log line written while it is served.
 */
export function route<const O extends RouteOptions, A extends Access = O["auth"], C = undefined>(
  options: O & { auth: A; beforeBody?: BeforeBody<A, C> },
  handler: (input: RouteInput<O, C>) => Promise<Answer<O["answer"]>>,
) {
  return (request: Request, context?: RouteContext): Promise<Response> =>
    withRequestScope(request, async () => {
      const refusal = doorRefusal(request, env().APP_URL);
      if (refusal) throw new DomainError(refusal.status === 400 ? "invalid" : "forbidden", refusal.detail);
      const user = (await userFor(options.auth, request)) as UserFor<A>;
      const params = Object.fromEntries(
        Object.entries((await context?.params) ?? {}).map(([k, v]) => [k, Array.isArray(v) ? v.join("/") : v]),
      );
      const query = options.query ? parseQuery(new URL(request.url).searchParams, options.query) : undefined;
      const checked = options.beforeBody ? await options.beforeBody({ request, user, params }) : undefined;
      const body = options.body ? await parseJsonBody(request, options.body, options.maxBodyBytes) : undefined;
      const input = { request, user, body, query, params, checked } as RouteInput<O, C>;
      const answer = await handler(input);
      return answer instanceof Response ? answer : json(answer, options.status ?? 200);
    });
}
