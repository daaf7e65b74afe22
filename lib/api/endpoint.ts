/**
 * One value per API endpoint: its method, its path with `{name}` parameters, the query and
 * body it takes and the answer it gives. The route handler is built from it (lib/http/route),
 * the browser calls it (lib/api/client `call`, `urlOf`) and the OpenAPI document describes it
 * (lib/api/openapi), so the three cannot name different paths or shapes. Safe for the browser:
 * the schemas are zod/mini, and nothing here reaches the server.
 */
import type * as z from "zod/mini";

export type Method = "GET" | "HEAD" | "POST" | "PUT" | "PATCH" | "DELETE";

type ParamNames<P extends string> = P extends `${string}{${infer Name}}${infer Rest}` ? Name | ParamNames<Rest> : never;

/** `{ id: string }` for "/api/folders/{id}"; `{}` for a path without parameters. */
export type ParamsOf<P extends string> = { [K in ParamNames<P>]: string };

/**
 * What an endpoint takes as its body: a JSON schema, or `"raw"` for bytes sent as they are
 * (audio, an image as FormData, a tus part), which the handler reads itself.
 */
export type BodySpec = z.ZodMiniType | "raw" | undefined;

export interface Endpoint<
  P extends string = string,
  Q extends z.ZodMiniType | undefined = z.ZodMiniType | undefined,
  B extends BodySpec = BodySpec,
  A extends z.ZodMiniType | undefined = z.ZodMiniType | undefined,
> {
  method: Method;
  path: P;
  query?: Q;
  body?: B;
  /** the answer's schema; undefined for answers that are not JSON (files, streams, redirects) */
  answer?: A;
  /** status of a successful JSON answer (default 200) */
  status?: number;
}

export function endpoint<
  const P extends string,
  Q extends z.ZodMiniType | undefined = undefined,
  B extends BodySpec = undefined,
  A extends z.ZodMiniType | undefined = undefined,
>(definition: Endpoint<P, Q, B, A>): Endpoint<P, Q, B, A> & { answer: A } {
  // A is undefined unless `answer` was given, so the answer's schema is there whenever its type says so.
  return definition as Endpoint<P, Q, B, A> & { answer: A };
}

/** The endpoint's path with its parameters filled in (each encoded as one path segment). */
export function pathOf<P extends string>(path: P, params: ParamsOf<P>): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent((params as Record<string, string>)[name]));
}

/** Query values as sent: undefined and null leave the field out. */
export type QueryValues = Record<string, string | number | boolean | null | undefined>;

/** The address to call: the path filled in and the query string, in the order given. */
export function addressOf<P extends string>(path: P, params: ParamsOf<P>, query?: QueryValues): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query ?? {})) if (value !== undefined && value !== null) search.set(name, String(value));
  const encoded = search.toString();
  return encoded ? `${pathOf(path, params)}?${encoded}` : pathOf(path, params);
}
