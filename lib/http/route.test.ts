import { z } from "zod";
import type { User } from "@/lib/db/schema";
import { DomainError } from "@/lib/errors/domain-error";
import { route } from "./route";

// The session is Better Auth's (end-to-end tests cover it); here only who it returns matters.
const signedIn: { user: Partial<User> | null } = { user: null };
jest.mock("@/lib/auth/session", () => ({ currentUser: async () => signedIn.user }));
jest.mock("@/lib/db/client", () => ({ db: () => ({}) }));
jest.mock("@/lib/auth/operators", () => ({ isOperator: (email: string) => email === "op@example.com" }));

const post = (body: string, url = "http://localhost/x") => new Request(url, { method: "POST", body, headers: { "content-type": "application/json" } });
const context = (params: Record<string, string | string[]>) => ({ params: Promise.resolve(params) });

describe("route()", () => {
  it("answers the handler's value as JSON, with the chosen status and no caching", async () => {
    const handler = route({ auth: "none", status: 201 }, async () => ({ made: true }));
    const res = await handler(new Request("http://localhost/x"));
    expect(res.status).toBe(201);
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(await res.json()).toEqual({ made: true });
  });

  it("maps a DomainError to its status, with the sentence as detail and its data beside it", async () => {
    const handler = route({ auth: "none" }, async () => {
      throw new DomainError("forbidden", "PDF export is not included in your Free plan.", { upgrade: { feature: "export_markdown_pdf", plans: ["pro"] } });
    });
    const res = await handler(new Request("http://localhost/x"));
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ detail: "PDF export is not included in your Free plan.", upgrade: { feature: "export_markdown_pdf", plans: ["pro"] } });
  });

  it("validates the body before the handler runs: malformed 400, wrong shape 422 naming the field", async () => {
    const seen: unknown[] = [];
    const handler = route({ auth: "none", body: z.object({ title: z.string().min(1, "Enter a title.") }) }, async ({ body }) => {
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
    const handler = route({ auth: "none", body: z.object({}), maxBodyBytes: 10 }, async () => ({}));
    expect((await handler(post(JSON.stringify({ a: "x".repeat(100) })))).status).toBe(413);
  });

  it("validates the query: a bad value is 400 naming the field", async () => {
    const handler = route({ auth: "none", query: z.object({ page: z.coerce.number().int().min(1) }) }, async ({ query }) => query);
    const bad = await handler(new Request("http://localhost/x?page=0"));
    expect(bad.status).toBe(400);
    expect((await bad.json()).detail).toBe("Page must be 1 or more.");
    expect(await (await handler(new Request("http://localhost/x?page=3"))).json()).toEqual({ page: 3 });
  });

  it("passes a Response through, and gives the path's segments (a catch-all joined)", async () => {
    const handler = route({ auth: "none" }, async ({ params }) => new Response(`${params.id}|${params.rest}`, { status: 206 }));
    const res = await handler(new Request("http://localhost/x"), context({ id: "a1", rest: ["b", "c"] }));
    expect(res.status).toBe(206);
    expect(await res.text()).toBe("a1|b/c");
  });

  it("asks for a session as the route says: 401 without one, 403 for a user who is not an operator", async () => {
    const handler = (auth: "user" | "operator" | "optional") => route({ auth }, async ({ user }) => ({ id: user?.id ?? null }));
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

  it("lets anything that is not a DomainError through, so it is a logged 500, not a quiet answer", async () => {
    const handler = route({ auth: "none" }, async () => {
      throw new TypeError("a bug");
    });
    await expect(handler(new Request("http://localhost/x"))).rejects.toThrow("a bug");
  });
});

describe("route() door checks, before anything else (the upload routes are not behind proxy.ts)", () => {
  // APP_URL is the default here: http://localhost:3000.
  const postFrom = (origin: string) =>
    new Request("http://localhost:3000/api/uploads", { method: "POST", body: '{"title":"Notes"}', headers: { "content-type": "application/json", origin } });

  it("refuses a POST sent by another website with 403 and the sentence, ahead of the session check, and the handler never runs", async () => {
    const ran: string[] = [];
    const open = route({ auth: "none", body: z.object({ title: z.string() }) }, async ({ body }) => {
      ran.push(body.title);
      return { ok: true };
    });
    const refused = await open(postFrom("https://evil.example"));
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({ detail: "This request came from another website and was refused." });
    // Even with nobody signed in, the answer is the door's 403, not the session's 401.
    signedIn.user = null;
    const guarded = route({ auth: "user" }, async () => {
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
    const handler = route({ auth: "none", query: z.object({ q: z.string().optional() }) }, async ({ query }) => {
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
