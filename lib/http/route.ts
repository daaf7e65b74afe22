import type { z } from "zod";
import { isOperator } from "@/lib/auth/operators";
import { currentUser } from "@/lib/auth/session";
import { db } from "@/lib/db/client";
import { env } from "@/lib/env";
import { doorRefusal } from "@/lib/security/door-checks";
import type { User } from "@/lib/db/schema";
import { DomainError, isDomainError } from "@/lib/errors/domain-error";
import { NOT_AUTHORIZED_TEXT } from "@/lib/texts";
import { parseJsonBody, parseQuery } from "./body";
import { domainErrorResponse } from "./error-response";
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

export interface RouteInput<O extends RouteOptions> {
  request: Request;
  user: UserFor<O["auth"]>;
  body: Parsed<O["body"]>;
  query: Parsed<O["query"]>;
  /** the dynamic segments of the path, e.g. `{ id }` for `[id]` */
  params: Record<string, string>;
}

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
 * its kind's status.
 */
export function route<const O extends RouteOptions>(options: O, handler: (input: RouteInput<O>) => Promise<Answer<O["answer"]>>) {
  return async (request: Request, context?: RouteContext): Promise<Response> => {
    try {
      const refusal = doorRefusal(request, env().APP_URL);
      if (refusal) throw new DomainError(refusal.status === 400 ? "invalid" : "forbidden", refusal.detail);
      const user = await userFor(options.auth, request);
      const params = Object.fromEntries(
        Object.entries((await context?.params) ?? {}).map(([k, v]) => [k, Array.isArray(v) ? v.join("/") : v]),
      );
      const query = options.query ? parseQuery(new URL(request.url).searchParams, options.query) : undefined;
      const body = options.body ? await parseJsonBody(request, options.body, options.maxBodyBytes) : undefined;
      const input = { request, user, body, query, params } as RouteInput<O>;
      const answer = await handler(input);
      return answer instanceof Response ? answer : json(answer, options.status ?? 200);
    } catch (error) {
      if (isDomainError(error)) return domainErrorResponse(error);
      throw error;
    }
  };
}
