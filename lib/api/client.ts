/**
 * The one way the browser calls our API: same origin, cookies, JSON in and out, every
 * answer checked against the shared contract (lib/api/contract) before a component sees it.
 * A call resolves to a result instead of throwing, so each screen words its own failures
 * (the spec fixes several: "Failed to delete user: {status} - {text}"). Scripts call the same
 * way through another transport: a server's address and an API key (sdk/, `callVia`).
 */
import type * as z from "zod/mini";
import { addressOf, type BodyOf, type Endpoint, type Method, type ParamsOf, type QueryOf, type QueryValues } from "./endpoint";
import { logOut } from "./endpoints/session";
import { health } from "./endpoints/service";
import { forgetKeptPages } from "@/lib/offline/app-shell";

/**
 * `status` 0 means no answer came back (the network failed) and `text` is the error's
 * message; otherwise `text` is the `detail` of a JSON error body, else the raw body, and
 * `body` the parsed error body (for fields such as `upgrade` or `current_version`).
 */
export type ApiFailure = { ok: false; status: number; text: string; body: Record<string, unknown> | null };
export type ApiResult<T> = { ok: true; data: T } | ApiFailure;


/** Where calls go and what they carry: the page's own origin and cookies, or a server's address and a key. */
export interface ApiTransport {
  /** prefixed to every path: "" for the page's origin, else "https://verbatim.example.com" */
  base: string;
  headers?: Record<string, string>;
}

const PAGE: ApiTransport = { base: "" };

interface CallOptions<S extends z.ZodMiniType> {
  method?: Method;
  /** sent as JSON, or as is when it is FormData or bytes (a Blob: audio) */
  body?: unknown;
  /** the contract schema of a successful answer */
  answer: S;
  signal?: AbortSignal;
  /** lets the request outlive the page (a "seen" flag sent while navigating away) */
  keepalive?: boolean;
}

export const NOT_JSON = "The server's answer was not valid JSON.";
export const UNEXPECTED_ANSWER = "The server's answer was not what this page expected. Reload the page.";

function errorBody(raw: string): Record<string, unknown> | null {
  try {
    const body: unknown = JSON.parse(raw);
    return body && typeof body === "object" && !Array.isArray(body) ? (body as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/**
 * The failure of an answer that is not 2xx, from its status and raw body: the `detail` of
 * our JSON errors, else the raw text (a proxy's HTML page, say), which is the most useful
 * thing to show. Shared by every call, the XHR upload included.
 */
export function failureOf(status: number, raw: string, statusText = ""): ApiFailure {
  const body = errorBody(raw);
  return { ok: false, status, text: typeof body?.detail === "string" ? body.detail : raw || statusText, body };
}

/** No answer at all: the network failed. */
const unreachable = (error: unknown): ApiFailure => ({ ok: false, status: 0, text: error instanceof Error ? error.message : String(error), body: null });

function apiCall<S extends z.ZodMiniType>(path: string, options: CallOptions<S>, transport = PAGE): Promise<ApiResult<z.output<S>>> {
  return request<z.output<S>>(path, options, (json) => options.answer.safeParse(json), transport);
}

/** An endpoint whose answer is JSON: what `call` and `useApi` take. */
export type JsonEndpoint = Endpoint & { answer: z.ZodMiniType };
/** What a call of the endpoint resolves to when it succeeds. */
export type AnswerOf<E extends JsonEndpoint> = z.output<E["answer"]>;

type ParamsInput<E extends Endpoint> = keyof ParamsOf<E["path"]> extends never ? { params?: undefined } : { params: ParamsOf<E["path"]> };
type QueryInput<E extends Endpoint> = QueryOf<E> extends z.core.$ZodType ? { query?: { [K in keyof z.output<QueryOf<E>>]?: QueryValues[string] } } : { query?: undefined };
type BodyInput<E extends Endpoint> = BodyOf<E> extends z.core.$ZodType ? { body: z.input<BodyOf<E>> } : BodyOf<E> extends "raw" ? { body: FormData | Blob } : { body?: undefined };

/** Where an endpoint is: its parameters and query. */
export type AddressInput<E extends Endpoint> = ParamsInput<E> & QueryInput<E>;
/** Everything a call sends, typed by the endpoint. */
export type CallInput<E extends Endpoint> = AddressInput<E> & BodyInput<E> & { signal?: AbortSignal; keepalive?: boolean };
/** Optional when the endpoint needs nothing. */
export type Rest<I> = object extends I ? [input?: I] : [input: I];

/** The address of an endpoint (for links, media, event streams and downloads). */
export function urlOf<E extends Endpoint>(e: E, ...[input]: Rest<AddressInput<E>>): string {
  const { params, query } = (input ?? {}) as { params?: Record<string, string>; query?: QueryValues };
  return addressOf(e.path, (params ?? {}) as ParamsOf<E["path"]>, query);
}

/** Calls an endpoint: the address, method, body and answer's check all come from it. */
export function call<E extends JsonEndpoint>(e: E, ...[input]: Rest<CallInput<E>>): Promise<ApiResult<AnswerOf<E>>> {
  return callVia(PAGE, e, ...([input] as Rest<CallInput<E>>));
}

/** `call` through another transport: what the SDK uses, with a server's address and an API key. */
export function callVia<E extends JsonEndpoint>(transport: ApiTransport, e: E, ...[input]: Rest<CallInput<E>>): Promise<ApiResult<AnswerOf<E>>> {
  const { params, query, body, signal, keepalive } = (input ?? {}) as { params?: Record<string, string>; query?: QueryValues; body?: unknown; signal?: AbortSignal; keepalive?: boolean };
  return apiCall<E["answer"]>(addressOf(e.path, (params ?? {}) as ParamsOf<E["path"]>, query), { method: e.method, body, answer: e.answer, signal, keepalive }, transport);
}

/**
 * A GET whose answer is read by a plain function instead of a zod contract: only for the
 * session check every page makes on its first load (lib/api/contract/session-user), where
 * evaluating zod was the longest task after hydration. Null from `read` is an unexpected answer.
 */
export function apiRead<E extends Endpoint, T>(e: E, read: (json: unknown) => T | null, ...[params]: Rest<ParamsInput<E>>): Promise<ApiResult<T>> {
  return request<T>(addressOf(e.path, (params?.params ?? {}) as ParamsOf<E["path"]>), { method: e.method }, (json) => {
    const data = read(json);
    return data === null ? { success: false } : { success: true, data };
  });
}

type Parsed<T> = { success: true; data: T } | { success: false };

async function request<T>(path: string, options: Omit<CallOptions<z.ZodMiniType>, "answer">, parse: (json: unknown) => Parsed<T>, transport = PAGE): Promise<ApiResult<T>> {
  const sentAsIs = (typeof FormData !== "undefined" && options.body instanceof FormData) || (typeof Blob !== "undefined" && options.body instanceof Blob);
  let res: Response;
  try {
    res = await fetch(`${transport.base}${path}`, {
      method: options.method ?? "GET",
      credentials: "include",
      cache: "no-store",
      signal: options.signal,
      keepalive: options.keepalive,
      headers: { ...transport.headers, ...(options.body === undefined || sentAsIs ? {} : { "content-type": "application/json" }) },
      body: options.body === undefined ? undefined : sentAsIs ? (options.body as FormData | Blob) : JSON.stringify(options.body),
    });
  } catch (error) {
    return unreachable(error);
  }
  let raw = "";
  try {
    raw = await res.text();
  } catch {
    // A body that breaks off mid-way reads as empty; the status still tells what happened.
  }
  if (!res.ok) return failureOf(res.status, raw, res.statusText);
  let json: unknown;
  try {
    json = raw === "" ? undefined : JSON.parse(raw);
  } catch {
    return { ok: false, status: res.status, text: NOT_JSON, body: null };
  }
  const parsed = parse(json);
  if (!parsed.success) return { ok: false, status: res.status, text: UNEXPECTED_ANSWER, body: null };
  return { ok: true, data: parsed.data };
}

/** A file download (an export): the Response to save, or the refusal as for any other call. */
export async function apiDownload(path: string, transport = PAGE): Promise<{ ok: true; response: Response } | ApiFailure> {
  let res: Response;
  try {
    res = await fetch(`${transport.base}${path}`, { credentials: "include", cache: "no-store", headers: transport.headers });
  } catch (error) {
    return unreachable(error);
  }
  if (res.ok) return { ok: true, response: res };
  return failureOf(res.status, await res.text().catch(() => ""), res.statusText);
}

/** Thrown by the data-fetching hooks' fetcher, so SWR keeps the previous data and exposes it. */
export class ApiCallError extends Error {
  constructor(readonly failure: ApiFailure) {
    super(failure.text);
    this.name = "ApiCallError";
  }
}

/** For SWR: the answer's data, or an ApiCallError. */
export async function fetchOrThrow<S extends z.ZodMiniType>(path: string, answer: S): Promise<z.output<S>> {
  const result = await apiCall(path, { answer });
  if (!result.ok) throw new ApiCallError(result);
  return result.data;
}

/** The server's own sentence when it gave one (`detail`), else the screen's fallback. */
export function detailOr(failure: ApiFailure, fallback: string): string {
  return typeof failure.body?.detail === "string" && failure.body.detail ? failure.body.detail : fallback;
}

/** Whether the server answers at all (navigator.onLine says only that some network is there). */
export async function serverAnswers(): Promise<boolean> {
  return fetch(addressOf(health.path, {}), { cache: "no-store" }).then((r) => r.ok, () => false);
}

/** Ends the session. The endpoint answers with a redirect (for plain forms), which the caller replaces with its own navigation. */
export async function signOut(): Promise<void> {
  await forgetKeptPages();
  await fetch(addressOf(logOut.path, {}, { source: "app" }), { method: logOut.method, credentials: "include", redirect: "manual" }).catch(() => null);
}
