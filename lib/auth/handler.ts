import { toNextJsHandler } from "better-auth/next-js";
import { readBodyLimited } from "@/lib/http/limited-body";
import { errorResponse } from "@/lib/http/responses";
import { getAuth } from "./auth";
import { AUTH_MESSAGES, authMessage } from "./messages";

/**
 * Better Auth's endpoints behind our API conventions: malformed JSON is refused before it
 * reaches them, and every error answer carries `detail` with the sentence users read.
 */
/** Auth requests are small forms; anything bigger is refused before it is parsed. */
const MAX_AUTH_BODY_BYTES = 64 * 1024;

export async function handleAuthRequest(request: Request): Promise<Response> {
  const handler = toNextJsHandler(getAuth());
  if (request.method === "GET") return withDetail(await handler.GET(request));
  const body = await readBodyLimited(request, MAX_AUTH_BODY_BYTES);
  if (!body) return errorResponse(413, AUTH_MESSAGES.BODY_TOO_LARGE, { code: "BODY_TOO_LARGE" });
  const malformed = malformedJson(request, body);
  if (malformed) return malformed;
  const replay = new Request(request.url, { method: request.method, headers: request.headers, body });
  return withDetail(await handler.POST(replay));
}

function malformedJson(request: Request, body: Uint8Array<ArrayBuffer>): Response | null {
  if (!request.headers.get("content-type")?.includes("application/json")) return null;
  const text = new TextDecoder().decode(body);
  if (text.trim() === "") return null;
  try {
    const parsed: unknown = JSON.parse(text);
    if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) {
      return errorResponse(400, "The request body must be a JSON object.", { code: "BODY_MUST_BE_AN_OBJECT" });
    }
    return null;
  } catch {
    return errorResponse(400, AUTH_MESSAGES.MALFORMED_BODY, { code: "MALFORMED_BODY" });
  }
}

async function withDetail(response: Response): Promise<Response> {
  if (response.status < 400) return response;
  if (!response.headers.get("content-type")?.includes("application/json")) return response;
  const body = (await response.clone().json().catch(() => null)) as { code?: string; message?: string } | null;
  if (!body || typeof body !== "object") return response;
  const code = response.status === 429 ? "RATE_LIMITED" : body.code;
  const detail = authMessage(code, body.message);
  const headers = new Headers(response.headers);
  headers.delete("content-length");
  return new Response(JSON.stringify({ ...body, code, message: detail, detail }), {
    status: response.status,
    headers,
  });
}
