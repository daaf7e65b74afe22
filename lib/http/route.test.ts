import { z } from "zod";
import type { User } from "@/lib/db/schema";
import { DomainError } from "@/lib/errors/domain-error";
import { log } from "@/lib/log/logger";
import { route } from "./route";
import { endpoint } from "@/lib/api/endpoint";

// The session is Better Auth's (end-to-end tests cover it); here only who it returns matters.
const signedIn: { user: Partial<User> | null } = { user: null };
jest.mock("@/lib/auth/session", () => ({ currentUser: async () => signedIn.user }));
jest.mock("@/lib/db/client", () => ({ db: () => ({}) }));
// Each line logged, with the fields of the log context it was written in (lib/log/logger.test.ts
// covers what the real logger writes).
const logged: Record<string, unknown>[] = [];
jest.mock("@/lib/log/logger", () => {
  const actual = jest.requireActual<typeof import("@/lib/log/logger")>("@/lib/log/logger");
  const at = (level: string) => (fields: object | string, msg?: string) =>
    logged.push(typeof fields === "string" ? { level, ...actual.logContext(), msg: fields } : { level, ...actual.logContext(), ...fields, msg });
  return { ...actual, logsAt: () => true, log: () => ({ error: at("error"), warn: at("warn"), info: at("info"), debug: at("debug") }) };
});
jest.mock("@/lib/account/operators", () => ({ isOperator: (email: string) => email === "op@example.com" }));

const post = (body: string, url = "http://localhost/x") => new Request(url, { method: "POST", body, headers: { "content-type": "application/json" } });
const context = (params: Record<string, string | string[]>) => ({ params: Promise.resolve(params) });

describe("route()", () => {
  it("answers the handler's value as JSON, with the chosen status, no caching and (being small) no compression", async () => {
    const handler = route(endpoint({ method: "GET", path: "/x", status: 201 }), { auth: "none" }, async () => ({ made: true }));
    const res = await handler(new Request("http://localhost/x"));
    expect(res.status).toBe(201);
    expect(res.headers.get("cache-control")).toBe("no-store, no-transform");
    expect(await res.json()).toEqual({ made: true });
  });

  it("maps a DomainError to its status, with the sentence as detail and its data beside it", async () => {
    const handler = route(endpoint({ method: "GET", path: "/x" }), { auth: "none" }, async () => {
      throw new DomainError("forbidden", "PDF export is not included in your Free plan.", { upgrade: { feature: "export_markdown_pdf", plans: ["pro"] } });
    });
    const res = await handler(new Request("http://localhost/x"));
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ detail: "PDF export is not included in your Free plan.", upgrade: { feature: "export_markdown_pdf", plans: ["pro"] } });
  });

  it("validates the body before the handler runs: malformed 400, wrong shape 422 naming the field", async () => {
    const seen: unknown[] = [];
    const handler = route(endpoint({ method: "POST", path: "/x", body: z.object({ title: z.string().min(1, "Enter a title.") }) }), { auth: "none" }, async ({ body }) => {
      seen.push(body);
      return body;
    });
    expect((await handler(post("{not json"))).status).toBe(400);
    const wrong = await handler(post('{"title":""}'));
    expect(wrong.status).toBe(422);
    expect(await wrong.json()).toEqual({ detail: "Enter a title." });
    expect(seen).toEqual([]);
    expect(await (await handler(post('{"title":"Notes"}'))).json()).toEqual({ title: "Notes" });
  });

  it("refuses a body over the limit with 413", async () => {
    const handler = route(endpoint({ method: "POST", path: "/x", body: z.object({}) }), { auth: "none", maxBodyBytes: 10 }, async () => ({}));
    expect((await handler(post(JSON.stringify({ a: "x".repeat(100) })))).status).toBe(413);
  });

  it("runs beforeBody before the body is read: its refusal wins over any body, and its value is the handler's `checked`", async () => {
    signedIn.user = { id: "u1", email: "someone@example.com" };
    const handler = route(
      endpoint({ method: "POST", path: "/x/{id}", body: z.object({ title: z.string().min(1, "Enter a title.") }) }),
      {
        auth: "user",
        beforeBody: async ({ user, params }) => {
          if (params.id !== "mine") throw new DomainError("not_found", "Transcription not found.");
          return { owner: user.id, id: params.id };
        },
        maxBodyBytes: 100,
      },
      async ({ checked, body }) => ({ ...checked, title: body.title }),
    );
    for (const body of ["{not json", '{"title":""}', JSON.stringify({ title: "x".repeat(500) })]) {
      const refused = await handler(post(body), context({ id: "theirs" }));
      expect(refused.status).toBe(404);
      expect(await refused.json()).toEqual({ detail: "Transcription not found." });
    }
    expect((await handler(post("{not json"), context({ id: "mine" }))).status).toBe(400);
    expect((await handler(post('{"title":""}'), context({ id: "mine" }))).status).toBe(422);
    expect((await handler(post(JSON.stringify({ title: "x".repeat(500) })), context({ id: "mine" }))).status).toBe(413);
    expect(await (await handler(post('{"title":"Notes"}'), context({ id: "mine" }))).json()).toEqual({ owner: "u1", id: "mine", title: "Notes" });
  });

  it("validates the query: a bad value is 400 naming the field", async () => {
    const handler = route(endpoint({ method: "GET", path: "/x", query: z.object({ page: z.coerce.number().int().min(1) }) }), { auth: "none" }, async ({ query }) => query);
    const bad = await handler(new Request("http://localhost/x?page=0"));
    expect(bad.status).toBe(400);
    expect((await bad.json()).detail).toBe("Page must be 1 or more.");
    expect(await (await handler(new Request("http://localhost/x?page=3"))).json()).toEqual({ page: 3 });
  });

  it("passes a Response through, and gives the path's segments (a catch-all joined)", async () => {
    const handler = route(endpoint({ method: "GET", path: "/x/{id}/{rest}" }), { auth: "none" }, async ({ params }) => new Response(`${params.id}|${params.rest}`, { status: 206 }));
    const res = await handler(new Request("http://localhost/x"), context({ id: "a1", rest: ["b", "c"] }));
    expect(res.status).toBe(206);
    expect(await res.text()).toBe("a1|b/c");
  });

  it("asks for a session as the route says: 401 without one, 403 for a user who is not an operator", async () => {
    const handler = (auth: "user" | "operator" | "optional") => route(endpoint({ method: "GET", path: "/x" }), { auth }, async ({ user }) => ({ id: user?.id ?? null }));
    signedIn.user = null;
    expect(await (await handler("user")(new Request("http://localhost/x"))).json()).toEqual({ detail: "You are not logged in." });
    expect((await handler("operator")(new Request("http://localhost/x"))).status).toBe(401);
    expect(await (await handler("optional")(new Request("http://localhost/x"))).json()).toEqual({ id: null });
    signedIn.user = { id: "u1", email: "someone@example.com" };
    expect(await (await handler("user")(new Request("http://localhost/x"))).json()).toEqual({ id: "u1" });
    const refused = await handler("operator")(new Request("http://localhost/x"));
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({ detail: "You are not authorized to access this page." });
    signedIn.user = { id: "op", email: "op@example.com" };
    expect(await (await handler("operator")(new Request("http://localhost/x"))).json()).toEqual({ id: "op" });
  });

  it("answers anything that is not a DomainError with a 500 and a plain sentence, and logs it once with the error", async () => {
    logged.length = 0;
    const bug = new TypeError("a bug");
    const handler = route(endpoint({ method: "GET", path: "/x" }), { auth: "none" }, async () => {
      throw bug;
    });
    const res = await handler(new Request("http://localhost/api/x?secret=1", { headers: { "x-request-id": "req-42" } }));
    expect(res.status).toBe(500);
    expect(await res.json()).toEqual({ detail: "Something went wrong on our side. Please try again." });
    expect(res.headers.get("x-request-id")).toBe("req-42");
    expect(logged).toEqual([
      { level: "error", requestId: "req-42", method: "GET", path: "/api/x", status: 500, duration_ms: expect.any(Number), err: bug, msg: "request failed" },
    ]);
  });
});

describe("route() request ids and log lines", () => {
  const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
  const withId = (id: string) => new Request("http://localhost/api/x", { headers: { "x-request-id": id } });

  beforeEach(() => {
    logged.length = 0;
  });

  it("sends back a well-formed x-request-id it was given, on answers and refusals alike", async () => {
    const ok = route(endpoint({ method: "GET", path: "/x" }), { auth: "none" }, async () => ({ ok: true }));
    const refused = route(endpoint({ method: "GET", path: "/x" }), { auth: "none" }, async () => {
      throw new DomainError("conflict", "Not yet.");
    });
    const id = "Edge-1.2_3".padEnd(64, "x");
    expect((await ok(withId(id))).headers.get("x-request-id")).toBe(id);
    const refusal = await refused(withId("abc"));
    expect(refusal.status).toBe(409);
    expect(refusal.headers.get("x-request-id")).toBe("abc");
  });

  it("makes a fresh id when none is sent or the one sent is malformed (too long, other characters)", async () => {
    const ok = route(endpoint({ method: "GET", path: "/x" }), { auth: "none" }, async () => ({ ok: true }));
    const made = [
      await ok(new Request("http://localhost/api/x")),
      await ok(withId("x".repeat(65))),
      await ok(withId("abc def")),
      await ok(withId("<script>")),
      await ok(withId("")),
    ].map((res) => res.headers.get("x-request-id"));
    for (const id of made) expect(id).toMatch(UUID);
    expect(new Set(made).size).toBe(made.length);
  });

  it("puts the id on answers the handler built, even those whose headers cannot be changed", async () => {
    const redirect = route(endpoint({ method: "GET", path: "/x" }), { auth: "none" }, async () => Response.redirect("http://localhost/elsewhere", 303));
    const res = await redirect(withId("r-1"));
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe("http://localhost/elsewhere");
    expect(res.headers.get("x-request-id")).toBe("r-1");
    const file = route(endpoint({ method: "GET", path: "/x" }), { auth: "none" }, async () => new Response("bytes", { status: 206, headers: { "content-type": "audio/wav" } }));
    const part = await file(withId("r-2"));
    expect(part.headers.get("x-request-id")).toBe("r-2");
    expect(await part.text()).toBe("bytes");
  });

  it("writes the request id on every line logged while the handler runs", async () => {
    const handler = route(endpoint({ method: "GET", path: "/x" }), { auth: "none" }, async () => {
      log().info({ transcriptionId: "t-1" }, "doing the work");
      await new Promise((resolve) => setTimeout(resolve, 1));
      log().warn("still on it");
      return { ok: true };
    });
    await handler(withId("r-7"));
    expect(logged.filter((line) => line.level !== "debug")).toEqual([
      { level: "info", requestId: "r-7", transcriptionId: "t-1", msg: "doing the work" },
      { level: "warn", requestId: "r-7", msg: "still on it" },
    ]);
  });

  it("logs each answered request as one debug line (method, path, status, time), a refusal included, and nothing at error", async () => {
    const refused = route(endpoint({ method: "GET", path: "/x" }), { auth: "none" }, async () => {
      throw new DomainError("not_found", "No such thing.");
    });
    await refused(new Request("http://localhost/api/things/1?q=private", { method: "DELETE", headers: { "x-request-id": "r-8" } }));
    expect(logged).toEqual([{ level: "debug", requestId: "r-8", method: "DELETE", path: "/api/things/1", status: 404, duration_ms: expect.any(Number), msg: "request answered" }]);
  });

  it("logs a 5xx DomainError (a provider failing) at error, with the error", async () => {
    const failure = new DomainError("provider_failed", "The payment provider did not answer.");
    const handler = route(endpoint({ method: "GET", path: "/x" }), { auth: "none" }, async () => {
      throw failure;
    });
    const res = await handler(withId("r-9"));
    expect(res.status).toBe(502);
    expect(logged).toEqual([expect.objectContaining({ level: "error", requestId: "r-9", status: 502, err: failure })]);
  });
});

describe("route() door checks, before anything else (the upload routes are not behind proxy.ts)", () => {
  // APP_URL is the default here: http://localhost:3000.
  const postFrom = (origin: string) =>
    new Request("http://localhost:3000/api/uploads", { method: "POST", body: '{"title":"Notes"}', headers: { "content-type": "application/json", origin } });

  it("refuses a POST sent by another website with 403 and the sentence, ahead of the session check, and the handler never runs", async () => {
    const ran: string[] = [];
    const open = route(endpoint({ method: "POST", path: "/x", body: z.object({ title: z.string() }) }), { auth: "none" }, async ({ body }) => {
      ran.push(body.title);
      return { ok: true };
    });
    const refused = await open(postFrom("https://evil.example"));
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({ detail: "This request came from another website and was refused." });
    // Even with nobody signed in, the answer is the door's 403, not the session's 401.
    signedIn.user = null;
    const guarded = route(endpoint({ method: "GET", path: "/x" }), { auth: "user" }, async () => {
      ran.push("guarded");
      return { ok: true };
    });
    const refusedFirst = await guarded(postFrom("https://evil.example"));
    expect(refusedFirst.status).toBe(403);
    expect(await refusedFirst.json()).toEqual({ detail: "This request came from another website and was refused." });
    expect(ran).toEqual([]);
    // The same request from the app's own page goes through.
    const own = await open(postFrom("http://localhost:3000"));
    expect(own.status).toBe(200);
    expect(await own.json()).toEqual({ ok: true });
    expect(ran).toEqual(["Notes"]);
  });

  it("refuses an address holding a NUL (%00 in the query) with 400 before the handler runs", async () => {
    const ran: string[] = [];
    const handler = route(endpoint({ method: "GET", path: "/x", query: z.object({ q: z.string().optional() }) }), { auth: "none" }, async ({ query }) => {
      ran.push(query.q ?? "");
      return { ok: true };
    });
    const refused = await handler(new Request("http://localhost:3000/api/transcriptions?q=%00"));
    expect(refused.status).toBe(400);
    expect(await refused.json()).toEqual({ detail: "Text must not contain NUL characters (\\u0000)." });
    expect(ran).toEqual([]);
    expect(await (await handler(new Request("http://localhost:3000/api/transcriptions?q=ok"))).json()).toEqual({ ok: true });
    expect(ran).toEqual(["ok"]);
  });
});
