import { SESSION_CACHE_MS, checkOnboarding, checkSession, clearSession } from "./session-cache";

const user = { id: "u1", email: "a@x.com", name: "A", picture: null, is_admin: false, is_verified: true };

function fakeFetch(responses: Array<() => Response | Promise<Response>>) {
  const calls: string[] = [];
  const fn = jest.fn(async (url: string | URL | Request) => {
    calls.push(String(url));
    const next = responses.shift();
    if (!next) throw new Error("unexpected fetch");
    return next();
  });
  // The store calls the API through the typed client, which uses the global fetch.
  globalThis.fetch = fn as unknown as typeof fetch;
  return { calls };
}

/** The store imports its contract before calling fetch: wait until the call is made. */
async function untilCalled(calls: string[], count = 1): Promise<void> {
  while (calls.length < count) await new Promise((r) => setTimeout(r, 1));
}

const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
});

describe("session store", () => {
  beforeEach(() => clearSession());

  it("caches the session check for 5 minutes", async () => {
    let now = 1_000_000;
    const { calls } = fakeFetch([() => Response.json(user), () => new Response(null, { status: 401 })]);
    expect(await checkSession(() => now)).toEqual(user);
    now += SESSION_CACHE_MS - 1;
    expect(await checkSession(() => now)).toEqual(user);
    expect(calls).toHaveLength(1);
    now += 2;
    expect(await checkSession(() => now)).toBeNull();
    expect(calls).toHaveLength(2);
  });

  it("shares a check already in flight instead of starting another", async () => {
    let release!: (r: Response) => void;
    const { calls } = fakeFetch([() => new Promise<Response>((r) => (release = r))]);
    const a = checkSession();
    const b = checkSession();
    await untilCalled(calls);
    release(Response.json(user));
    expect(await a).toEqual(user);
    expect(await b).toEqual(user);
    expect(calls).toEqual(["/api/me"]);
  });

  it("a check that was running when auth was cleared does not bring the user back", async () => {
    let release!: (r: Response) => void;
    const { calls } = fakeFetch([() => new Promise<Response>((r) => (release = r)), () => new Response(null, { status: 401 })]);
    const stale = checkSession();
    await untilCalled(calls);
    clearSession();
    release(Response.json(user));
    expect(await stale).toBeNull();
    expect(await checkSession()).toBeNull();
  });

  it("reads the answer to the end when signed out, and a malformed answer means signed out", async () => {
    const refused = new Response(JSON.stringify({ detail: "Not logged in." }), { status: 401 });
    fakeFetch([() => refused, () => Response.json({ ...user, is_admin: "yes" })]);
    expect(await checkSession()).toBeNull();
    expect(refused.bodyUsed).toBe(true);
    clearSession();
    expect(await checkSession()).toBeNull();
  });

  it("treats a failed check as not logged in", async () => {
    fakeFetch([() => Promise.reject(new TypeError("network down"))]);
    expect(await checkSession()).toBeNull();
  });

  it("checks onboarding once per session and again after clearing auth", async () => {
    const { calls } = fakeFetch([
      () => Response.json({ should_show_onboarding: true }),
      () => Response.json({ should_show_onboarding: false }),
    ]);
    expect(await checkOnboarding()).toBe(true);
    expect(await checkOnboarding()).toBe(true);
    expect(calls).toHaveLength(1);
    clearSession();
    expect(await checkOnboarding()).toBe(false);
    expect(calls).toHaveLength(2);
  });
});
