import { GET as healthRoute } from "@/app/api/health/route";
import type { Database } from "@/lib/db/client";
import { BACKENDS, useOpenedDatabase } from "@/test/support/databases";
import { useTestEnv } from "@/test/support/env";
import { heartbeat } from "@/lib/transcription/worker-registry";

// The real route on a real database; only the session is given (Better Auth's cookie check
// needs its ES modules, which these tests cannot load): the address in `x-test-user`.
const mockDatabase: { current?: { db: Database; kind: "pglite" } } = {};
jest.mock("@/lib/db/client", () => ({
  ...jest.requireActual("@/lib/db/client"),
  db: () => mockDatabase.current!.db,
  databaseHandle: () => mockDatabase.current,
}));
jest.mock("@/lib/auth/session", () => ({
  currentUser: async (_db: unknown, headers: Headers) => {
    const email = headers.get("x-test-user");
    return email ? { id: email, email, isActive: true } : null;
  },
}));

const APP_URL = "http://localhost:3000";
const get = (headers: Record<string, string> = {}) => healthRoute(new Request(`${APP_URL}/api/health`, { headers }));

describe.each(BACKENDS.slice(0, 1))("GET /api/health, on %s", (_name, open) => {
  useTestEnv({ APP_URL, OPERATOR_EMAILS: "ops@example.com", TRANSCRIBE_ENGINE: "sphinx" });
  const t = useOpenedDatabase(open);
  beforeEach(() => {
    mockDatabase.current = { db: t.db, kind: "pglite" };
  });

  it("tells anyone, and a user who is not an operator, only that it is up", async () => {
    expect(await (await get()).json()).toEqual({ status: "ok" });
    expect(await (await get({ "x-test-user": "someone@example.com" })).json()).toEqual({ status: "ok" });
  });

  it("gives an operator the workers with their model download, and the jobs' figures of the last day", async () => {
    await heartbeat(t.db, "w-1", null);
    const res = await get({ "x-test-user": "ops@example.com" });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.workers).toEqual([expect.objectContaining({ id: "w-1", model: { state: "off" } })]);
    expect(body.engine).not.toHaveProperty("model_download");
    expect(body.jobs.mail).toEqual({
      waited: { count: 0, avg_s: null, p95_s: null },
      ran: { count: 0, avg_s: null, p95_s: null },
      failed_24h: 0,
      queued: 0,
      running: 0,
      stuck: 0,
      oldest_queued_s: 0,
    });
  });
});
