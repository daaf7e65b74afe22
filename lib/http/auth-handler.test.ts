import { handleAuthRequest } from "./auth-handler";

// Better Auth ships as ES modules only, which these tests cannot load; a stand-in takes its
// place and reads bodies as it does. These tests are about what is refused before it runs
// (e2e/security.spec.ts sends the same bodies to the real one).
const reached: unknown[] = [];
const standIn = async (request: Request) => {
  reached.push(/json/i.test(request.headers.get("content-type") ?? "") ? await request.json() : await request.text());
  return Response.json({ code: "INVALID_EMAIL_OR_PASSWORD" }, { status: 401 });
};
jest.mock("better-auth/next-js", () => ({ toNextJsHandler: () => ({ GET: standIn, POST: standIn }) }));
jest.mock("@/lib/auth/auth", () => ({ getAuth: () => ({}) }));
jest.mock("@/lib/auth/sign-in-throttle", () => ({ recordFailure: async () => {}, clearFailures: async () => {} }));

const APP_URL = "http://localhost:3000";
const post = (path: string, body: string, type = "application/json") =>
  handleAuthRequest({} as never, new Request(`${APP_URL}/api/auth${path}`, { method: "POST", headers: { "content-type": type, origin: APP_URL }, body }));

const TOO_DEEP = "The request body is nested too deeply: use at most 64 levels of arrays and objects.";
const deep = (levels: number) => "[".repeat(levels) + "]".repeat(levels);

describe("Better Auth's endpoints behind our body checks", () => {
  beforeEach(() => {
    reached.length = 0;
  });

  it("refuses a sign-in nested 20,000 deep with 400 and a sentence, not 500, before Better Auth reads it", async () => {
    const response = await post("/sign-in/email", `{"email":"deep@example.com","password":${deep(20_000)}}`);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ detail: TOO_DEEP, code: "BODY_TOO_DEEP" });
    expect(reached).toEqual([]);
  });

  it("checks a JSON body whatever the case of its type, as Better Auth reads it as JSON either way", async () => {
    const nul = await post("/sign-in/email", '{"email":"nul\\u0000@example.com","password":"whatever-1"}', "Application/JSON");
    expect(nul.status).toBe(400);
    expect((await nul.json()).detail).toBe("Text must not contain NUL characters (\\u0000).");
    const tooDeep = await post("/sign-up/email", `{"name":${deep(20_000)}}`, "application/vnd.api+json");
    expect(tooDeep.status).toBe(400);
    expect((await tooDeep.json()).detail).toBe(TOO_DEEP);
    expect(reached).toEqual([]);
  });

  it("sends the request id back on its answers and Better Auth's, as route() does", async () => {
    const refused = await post("/sign-in/email", "{not json");
    expect(refused.status).toBe(400);
    expect(refused.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    const headers = { "content-type": "application/json", origin: APP_URL, "x-request-id": "edge-7" };
    const answered = await handleAuthRequest({} as never, new Request(`${APP_URL}/api/auth/sign-in/email`, { method: "POST", headers, body: "{}" }));
    expect(answered.status).toBe(401);
    expect(answered.headers.get("x-request-id")).toBe("edge-7");
  });

  it("hands a body nested as deep as allowed to Better Auth", async () => {
    const response = await post("/sign-in/email", `{"email":"a@example.com","password":${deep(63)}}`);
    expect(response.status).toBe(401);
    expect(reached).toHaveLength(1);
  });
});
