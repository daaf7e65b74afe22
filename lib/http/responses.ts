const NO_STORE = { "cache-control": "no-store" };

export function json(data: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return Response.json(data, { status, headers: { ...NO_STORE, ...headers } });
}

/** Every API error has this shape: `{ "detail": "a sentence a person can act on" }`. */
export function errorResponse(status: number, detail: string, extra: Record<string, unknown> = {}): Response {
  return json({ detail, ...extra }, status);
}
