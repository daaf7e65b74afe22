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
