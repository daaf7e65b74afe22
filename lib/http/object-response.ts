import { Readable } from "node:stream";
import { DomainError } from "@/lib/errors/domain-error";
import type { ByteRange, ObjectStore } from "@/lib/storage/object-store";

/** The range an HTTP Range header asks of `size` bytes; null for the whole; "unsatisfiable" when it cannot be served. */
function requestedRange(header: string | null, size: number): ByteRange | null | "unsatisfiable" {
  const range = /^bytes=(\d*)-(\d*)$/.exec(header ?? "");
  if (!range || (!range[1] && !range[2])) return null;
  const start = range[1] ? Number(range[1]) : Math.max(0, size - Number(range[2]));
  const end = Math.min(range[1] && range[2] ? Number(range[2]) : size - 1, size - 1);
  return start > end || start >= size ? "unsatisfiable" : { start, end };
}

/**
 * A stored object's bytes as a web stream, read one chunk per pull. Not Readable.toWeb: its
 * adapter pushes from the file's 'data' events, and one that arrives after the client went
 * away (a seek, a closed tab, during backpressure) enqueues into the closed stream, an
 * uncaughtException (nodejs/node#54205, #64529). Here a chunk is read only when the stream
 * asks for one, and a client that leaves destroys the file stream.
 */
function webStreamOf(file: Readable): ReadableStream<Uint8Array> {
  const chunks = file[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  let cancelled = false;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const next = await chunks.next();
        if (cancelled) return;
        if (next.done) controller.close();
        else controller.enqueue(new Uint8Array(next.value.buffer, next.value.byteOffset, next.value.byteLength));
      } catch (error) {
        if (!cancelled) controller.error(error);
      }
    },
    cancel() {
      cancelled = true;
      file.destroy();
    },
  });
}

/**
 * Serves a stored object with HTTP Range support, so audio players seek without
 * downloading it all. Streamed through this server rather than redirected to a presigned
 * bucket URL: the session cookie keeps guarding it, the page's Content-Security-Policy
 * stays same-origin, and no bearer link to a user's recording can leak. A missing object
 * is `not_found`.
 */
export async function objectResponse(request: Request, store: ObjectStore, key: string, contentType: string): Promise<Response> {
  const size = await store.size(key);
  if (size === null) throw new DomainError("not_found", "The audio file is missing.");
  const headers: Record<string, string> = { "content-type": contentType, "accept-ranges": "bytes", "cache-control": "private, max-age=3600" };
  const range = requestedRange(request.headers.get("range"), size);
  if (range === "unsatisfiable") return new Response(null, { status: 416, headers: { "content-range": `bytes */${size}` } });
  const body = webStreamOf(await store.read(key, range ?? undefined));
  if (!range) return new Response(body, { headers: { ...headers, "content-length": String(size) } });
  return new Response(body, {
    status: 206,
    headers: { ...headers, "content-range": `bytes ${range.start}-${range.end}/${size}`, "content-length": String(range.end - range.start + 1) },
  });
}
