import { GET as metrics } from "@/app/api/metrics/route";
import type { Database } from "@/lib/db/client";
import { NOT_AUTHORIZED_TEXT } from "@/lib/texts";
import { BACKENDS, useOpenedDatabase } from "@/test/support/databases";
import { useTestEnv } from "@/test/support/env";
import { METRICS_SIGN_IN, METRICS_TOKEN_WRONG } from "./metrics-access";

// The real route on a real database; only the session is given (Better Auth's cookie check
// needs its ES modules, which these tests cannot load): the address in `x-test-user`.
const mockDatabase: { current?: Database } = {};
jest.mock("@/lib/db/client", () => ({ ...jest.requireActual("@/lib/db/client"), db: () => mockDatabase.current }));
jest.mock("@/lib/auth/session", () => ({
  currentUser: async (_db: unknown, headers: Headers) => {
    const email = headers.get("x-test-user");
    return email ? { id: email, email, isActive: true } : null;
  },
}));

const APP_URL = "http://localhost:3000";
const TOKEN = "scrape-4f9a2c71d3e8b605";

const get = (headers: Record<string, string> = {}) => metrics(new Request(`${APP_URL}/api/metrics`, { headers }));

describe.each(BACKENDS.slice(0, 1))("GET /api/metrics, on %s", (_name, open) => {
  useTestEnv({ APP_URL, OPERATOR_EMAILS: "ops@example.com", METRICS_TOKEN: TOKEN });
  const t = useOpenedDatabase(open);
  beforeEach(() => {
    mockDatabase.current = t.db;
  });

  it("answers an operator's session in Prometheus's text format", async () => {
    const res = await get({ "x-test-user": "ops@example.com" });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/plain; version=0.0.4; charset=utf-8");
    expect(res.headers.get("cache-control")).toBe("no-store");
    const text = await res.text();
    expect(text).toContain("# TYPE verbatim_jobs gauge");
    expect(text).toMatch(/^verbatim_jobs\{kind="mail",state="queued"\} 0$/m);
    expect(text).toMatch(/^verbatim_workers_alive 0$/m);
  });

  it("answers a scraper sending the token, with no session", async () => {
    const res = await get({ authorization: `Bearer ${TOKEN}` });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain("verbatim_jobs_failed_24h");
  });

  it("refuses a wrong token (even beside an operator's session), no credentials, and a user who is not an operator", async () => {
    const refused = async (headers: Record<string, string>) => {
      const res = await get(headers);
      return [res.status, (await res.json()).detail];
    };
    expect(await refused({ authorization: `Bearer ${TOKEN}x` })).toEqual([401, METRICS_TOKEN_WRONG]);
    expect(await refused({ authorization: "Bearer", "x-test-user": "ops@example.com" })).toEqual([401, METRICS_TOKEN_WRONG]);
    expect(await refused({ authorization: "Bearer nope", "x-test-user": "ops@example.com" })).toEqual([401, METRICS_TOKEN_WRONG]);
    expect(await refused({})).toEqual([401, METRICS_SIGN_IN]);
    expect(await refused({ "x-test-user": "someone@example.com" })).toEqual([403, NOT_AUTHORIZED_TEXT]);
  });

  it("takes no token at all when METRICS_TOKEN is unset: only operators", async () => {
    delete process.env.METRICS_TOKEN;
    try {
      expect((await get({ authorization: `Bearer ${TOKEN}` })).status).toBe(401);
      expect((await get({ "x-test-user": "ops@example.com" })).status).toBe(200);
    } finally {
      process.env.METRICS_TOKEN = TOKEN;
    }
  });
});
