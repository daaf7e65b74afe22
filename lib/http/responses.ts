import { afterPendingIo } from "@/lib/process/event-loop-turn";

const NO_STORE = { "cache-control": "no-store" };

/**
 * Answers shorter than this (characters of JSON) go as they are. Next.js gzips every answer
 * on the server's own thread, and making and closing a gzip stream costs ~3 ms whatever the
 * size: twenty small answers at once held the event loop 100–190 ms, to save a client a few
 * hundred bytes.
 */
const COMPRESS_FROM_CHARS = 16 * 1024;

export function json(data: unknown, status = 200, headers: Record<string, string> = {}): Response {
  // As Response.json() does it: the text is the body (no copy of it as bytes here).
  const text = JSON.stringify(data);
  const small = text.length < COMPRESS_FROM_CHARS;
  return new Response(text, {
    status,
    headers: { ...NO_STORE, ...(small ? { "cache-control": "no-store, no-transform" } : {}), "content-type": "application/json", ...headers },
  });
}

/** 204: a change (a deletion) that answers with nothing. */
export function noContent(): Response {
  return new Response(null, { status: 204, headers: NO_STORE });
}

/** Every API error has this shape: `{ "detail": "a sentence a person can act on" }`. */
export function errorResponse(status: number, detail: string, extra: Record<string, unknown> = {}): Response {
  return json({ detail, ...extra }, status);
}

const EVENT_STREAM_HEADERS = { "content-type": "text/event-stream", ...NO_STORE, connection: "keep-alive", "x-accel-buffering": "no" };

/**
 * A server-sent-events answer. Next.js answers HEAD with the GET handler but never reads
 * the body, so a HEAD gets the headers only: a stream opened for it would poll, and hold one
 * of the user's stream slots, for ever.
 */
export function eventStreamResponse(request: Request, open: () => ReadableStream<Uint8Array>): Response {
  return new Response(request.method === "HEAD" ? null : open(), { headers: EVENT_STREAM_HEADERS });
}

/** Items serialised per part of jsonInParts: 200 segments with word timings are ~350 kB, a few ms. */
const ITEMS_PER_PART = 200;

/**
 * `{ ...head, [key]: items }` as a JSON answer written a part at a time, the event loop
 * taking a turn between parts: one JSON.stringify of a 10-hour transcript's 3,600 segments
 * (6 MB) held the server's thread 50–200 ms.
 */
export function jsonInParts(head: Record<string, unknown>, key: string, items: unknown[]): Response {
  const encoder = new TextEncoder();
  const opening = JSON.stringify({ ...head, [key]: [] }).slice(0, -2);
  let next = 0;
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (next > 0) await afterPendingIo();
      const part = items.slice(next, next + ITEMS_PER_PART).map((item) => JSON.stringify(item)).join(",");
      const text = (next === 0 ? opening : part && ",") + part;
      next += ITEMS_PER_PART;
      controller.enqueue(encoder.encode(next >= items.length ? `${text}]}` : text));
      if (next >= items.length) controller.close();
    },
  });
  return new Response(body, { headers: { "content-type": "application/json", ...NO_STORE } });
}

/**
 * JSON already serialised, tagged with its ETag: 304 without a body when the client holds that
 * version (If-None-Match), else the bytes as they are, a part at a time. (Sending them
 * gzipped is not possible from a route handler: Next.js drops its Content-Encoding, as a
 * fetched answer's would be decoded already, and gzips them a second time.) `cacheControl`
 * "no-cache" lets a browser keep a public answer and ask whether it changed; the default keeps
 * a private one out of every cache.
 */
export async function taggedJson(request: Request, view: { etag: string; body(): Promise<Uint8Array<ArrayBuffer>> }, cacheControl = "no-store"): Promise<Response> {
  const held = request.headers.get("if-none-match")?.split(",").map((tag) => tag.trim().replace(/^W\//, "")) ?? [];
  const headers = { "cache-control": cacheControl, etag: view.etag };
  if (held.includes(view.etag) || held.includes("*")) return new Response(null, { status: 304, headers });
  const bytes = await view.body();
  // As json() does: a small answer is not worth gzipping on the server's thread.
  if (bytes.byteLength < COMPRESS_FROM_CHARS) return new Response(bytes, { headers: { ...headers, "cache-control": `${cacheControl}, no-transform`, "content-type": "application/json" } });
  return new Response(bytesInParts(bytes), { headers: { ...headers, "content-type": "application/json" } });
}

/** Bytes per part of bytesInParts: copied and compressed in well under a millisecond. */
const BYTES_PER_PART = 64 * 1024;

/**
 * Bytes already built, written a part at a time with the event loop taking a turn between parts.
 * Handed over whole, ten 6 MB answers at once were copied and compressed in one run of
 * microtasks that held the server's thread half a second.
 */
function bytesInParts(bytes: Uint8Array<ArrayBuffer>): ReadableStream<Uint8Array> {
  let next = 0;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (next > 0) await afterPendingIo();
      controller.enqueue(bytes.subarray(next, next + BYTES_PER_PART));
      next += BYTES_PER_PART;
      if (next >= bytes.byteLength) controller.close();
    },
  });
}
