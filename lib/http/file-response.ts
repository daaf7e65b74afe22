import { createReadStream } from "node:fs";
import { stat } from "node:fs/promises";
import { Readable } from "node:stream";
import { DomainError } from "@/lib/errors/domain-error";

/**
 * Serves a file with HTTP Range support, so audio players can seek without downloading it all.
 * A missing file is `not_found`.
 */
export async function fileResponse(request: Request, file: string, contentType: string): Promise<Response> {
  const info = await stat(file).catch(() => null);
  if (!info) throw new DomainError("not_found", "The audio file is missing.");
  const size = info.size;
  const headers: Record<string, string> = {
    "content-type": contentType,
    "accept-ranges": "bytes",
    "cache-control": "private, max-age=3600",
  };
  const range = /^bytes=(\d*)-(\d*)$/.exec(request.headers.get("range") ?? "");
  if (!range) {
    const body = Readable.toWeb(createReadStream(file)) as ReadableStream<Uint8Array>;
    return new Response(body, { headers: { ...headers, "content-length": String(size) } });
  }
  let start = range[1] ? Number(range[1]) : size - Number(range[2]);
  let end = range[1] && range[2] ? Number(range[2]) : size - 1;
  if (!range[1] && !range[2]) [start, end] = [0, size - 1];
  end = Math.min(end, size - 1);
  if (start < 0 || start > end || start >= size) {
    return new Response(null, { status: 416, headers: { "content-range": `bytes */${size}` } });
  }
  const body = Readable.toWeb(createReadStream(file, { start, end })) as ReadableStream<Uint8Array>;
  return new Response(body, {
    status: 206,
    headers: { ...headers, "content-range": `bytes ${start}-${end}/${size}`, "content-length": String(end - start + 1) },
  });
}
