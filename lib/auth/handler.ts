import { toNextJsHandler } from "better-auth/next-js";
import { errorResponse } from "@/lib/http/responses";
import { getAuth } from "./auth";
import { AUTH_MESSAGES, authMessage } from "./messages";

/**
 * Better Auth's endpoints behind our API conventions: malformed JSON is refused before it
 * reaches them, and every error answer carries `detail` with the sentence users read.
 */
export async function handleAuthRequest(request: Request): Promise<Response> {
  const malformed = await malformedJson(request);
  if (malformed) return malformed;
  const handler = toNextJsHandler(getAuth());
  const response = await (request.method === "GET" ? handler.GET(request) : handler.POST(request));
  return withDetail(response);
}

async function malformedJson(request: Request): Promise<Response | null> {
  if (request.method !== "POST") return null;
  if (!request.headers.get("content-type")?.includes("application/json")) return null;
  const text = await request.clone().text();
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
