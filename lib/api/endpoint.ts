/**
 * One value per API endpoint: its method, its path with `{name}` parameters, the query and
 * body it takes and the answer it gives. The route handler is built from it (lib/http/route),
 * the browser calls it (lib/api/client `call`, `urlOf`) and the OpenAPI document describes it
 * (lib/api-docs/openapi), so the three cannot name different paths or shapes. Safe for the browser:
 * the schemas are zod/mini, and nothing here reaches the server.
 */
import type * as z from "zod/mini";

export type Method = "GET" | "HEAD" | "POST" | "PUT" | "PATCH" | "DELETE" | "OPTIONS";

type ParamNames<P extends string> = P extends `${string}{${infer Name}}${infer Rest}` ? Name | ParamNames<Rest> : never;

/** `{ id: string }` for "/api/folders/{id}"; `{}` for a path without parameters. */
export type ParamsOf<P extends string> = { [K in ParamNames<P>]: string };

/**
 * What an endpoint takes as its body: a JSON schema, or `"raw"` for bytes sent as they are
 * (audio, an image as FormData, a tus part), which the handler reads itself.
 */
type BodySpec = z.core.$ZodType | "raw";

export interface Endpoint {
  method: Method;
  path: string;
  query?: z.core.$ZodType;
  body?: BodySpec;
  /** the answer's schema; none for answers that are not JSON (files, streams, redirects, tus) */
  answer?: z.core.$ZodType;
  /** status of a successful answer (default 200) */
  status?: number;
}

/** Keeps the definition's exact type: its path's parameters and which of query, body and answer it has. */
export function endpoint<const D extends Endpoint>(definition: D): D {
  return definition;
}

export type QueryOf<E> = E extends { query: infer Q } ? Q : undefined;
export type BodyOf<E> = E extends { body: infer B } ? B : undefined;
export type AnswerSchemaOf<E> = E extends { answer: infer A } ? A : undefined;

/** The endpoint's path with its parameters filled in (each encoded as one path segment). */
function pathOf<P extends string>(path: P, params: ParamsOf<P>): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent((params as Record<string, string>)[name]));
}

/** Query values as sent: undefined and null leave the field out. */
export type QueryValues = Record<string, string | number | boolean | null | undefined>;

/**
 * The address to call: the path filled in and the query string, in the order given, each
 * value percent-encoded as a URI component (a space is %20, as the calls wrote it by hand).
 */
export function addressOf<P extends string>(path: P, params: ParamsOf<P>, query?: QueryValues): string {
  const encoded = Object.entries(query ?? {})
    .filter(([, value]) => value !== undefined && value !== null)
    .map(([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(String(value))}`)
    .join("&");
  return encoded ? `${pathOf(path, params)}?${encoded}` : pathOf(path, params);
}
