/**
 * The browser's fetch for jsdom tests of components: answers by "METHOD /path" (the query
 * is recorded, not matched), 404 `{detail}` for anything else, and records every call.
 * Installed as global.fetch; `fn` is the jest mock.
 */
export interface FakeCall {
  method: string;
  /** the address as the component passed it */
  url: string;
  /** path without the query */
  path: string;
  query: URLSearchParams;
  body: unknown;
}

/** A JSON body (or raw text) with a status, an Error to throw, or a function of the call. */
type FakeAnswer = { status?: number; body?: unknown; raw?: string } | Error;
export type FakeRoute = FakeAnswer | ((call: FakeCall) => FakeAnswer);

export function fakeFetch(routes: Record<string, FakeRoute>) {
  const calls: FakeCall[] = [];
  const fn = jest.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = String(input);
    const parsed = new URL(url, "http://localhost");
    const call: FakeCall = {
      method: (init.method ?? "GET").toUpperCase(),
      url,
      path: parsed.pathname,
      query: parsed.searchParams,
      body: typeof init.body === "string" ? JSON.parse(init.body) : (init.body ?? null),
    };
    calls.push(call);
    const route = routes[`${call.method} ${call.path}`];
    const answer = typeof route === "function" ? route(call) : (route ?? { status: 404, body: { detail: "Not found" } });
    if (answer instanceof Error) throw answer;
    const status = answer.status ?? 200;
    const text = answer.raw ?? JSON.stringify(answer.body ?? {});
    return {
      ok: status >= 200 && status < 300,
      status,
      statusText: "",
      text: async () => text,
      json: async () => {
        // An answer without a body: reading it as JSON fails, as a real empty body does.
        if (answer.raw === undefined && answer.body === undefined) throw new SyntaxError("Unexpected end of JSON input");
        return JSON.parse(text);
      },
    } as Response;
  });
  global.fetch = fn as unknown as typeof fetch;
  return { fn, calls };
}
