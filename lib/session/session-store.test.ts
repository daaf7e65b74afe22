import { SESSION_CACHE_MS, checkOnboarding, checkSession, clearSession } from "./session-store";

const user = { id: "u1", email: "a@x.com", name: "A", picture: null, is_admin: false, is_verified: true };

function fakeFetch(responses: Array<() => Response | Promise<Response>>) {
  const calls: string[] = [];
  const fn = jest.fn(async (url: string | URL | Request) => {
    calls.push(String(url));
    const next = responses.shift();
    if (!next) throw new Error("unexpected fetch");
    return next();
  });
  return { fn: fn as unknown as typeof fetch, calls };
}

describe("session store", () => {
  beforeEach(() => clearSession());

  it("caches the session check for 5 minutes", async () => {
    let now = 1_000_000;
    const { fn, calls } = fakeFetch([() => Response.json(user), () => new Response(null, { status: 401 })]);
    expect(await checkSession(fn, () => now)).toEqual(user);
    now += SESSION_CACHE_MS - 1;
    expect(await checkSession(fn, () => now)).toEqual(user);
    expect(calls).toHaveLength(1);
    now += 2;
    expect(await checkSession(fn, () => now)).toBeNull();
    expect(calls).toHaveLength(2);
  });

  it("shares a check already in flight instead of starting another", async () => {
    let release!: (r: Response) => void;
    const { fn, calls } = fakeFetch([() => new Promise<Response>((r) => (release = r))]);
    const a = checkSession(fn);
    const b = checkSession(fn);
    release(Response.json(user));
    expect(await a).toEqual(user);
    expect(await b).toEqual(user);
    expect(calls).toEqual(["/api/me"]);
  });

  it("a check that was running when auth was cleared does not bring the user back", async () => {
    let release!: (r: Response) => void;
    const { fn } = fakeFetch([() => new Promise<Response>((r) => (release = r)), () => new Response(null, { status: 401 })]);
    const stale = checkSession(fn);
    clearSession();
    release(Response.json(user));
    expect(await stale).toBeNull();
    expect(await checkSession(fn)).toBeNull();
  });

  it("treats a failed check as not logged in", async () => {
    const { fn } = fakeFetch([() => Promise.reject(new TypeError("network down"))]);
    expect(await checkSession(fn)).toBeNull();
  });

  it("checks onboarding once per session and again after clearing auth", async () => {
    const { fn, calls } = fakeFetch([
      () => Response.json({ should_show_onboarding: true }),
      () => Response.json({ should_show_onboarding: false }),
    ]);
    expect(await checkOnboarding(fn)).toBe(true);
    expect(await checkOnboarding(fn)).toBe(true);
    expect(calls).toHaveLength(1);
    clearSession();
    expect(await checkOnboarding(fn)).toBe(false);
    expect(calls).toHaveLength(2);
  });
});
