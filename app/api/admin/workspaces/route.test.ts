import type { Database } from "@/lib/db/client";
import type { User } from "@/lib/db/schema";
import { BACKENDS, useOpenedDatabase } from "@/test/support/databases";
import { useTestEnv } from "@/test/support/env";
import { insertUser } from "@/test/support/users";
import { insertWorkspace } from "@/test/support/workspaces";
import { GET } from "./route";

// The session is Better Auth's (end-to-end tests cover it); here only who it returns matters,
// and the route reads the test's database.
const current: { user: Partial<User> | null; database: Database | null } = { user: null, database: null };
jest.mock("@/lib/auth/session", () => ({ currentUser: async () => current.user }));
jest.mock("@/lib/db/client", () => ({ ...jest.requireActual("@/lib/db/client"), db: () => current.database }));

const OPERATOR = "ops-workspaces@verbatim.test";

async function list(query: string): Promise<{ status: number; body: { detail?: string; total?: number; workspaces?: Array<{ name: string }> } }> {
  const res = await GET(new Request(`http://localhost:3000/api/admin/workspaces${query}`));
  return { status: res.status, body: await res.json() };
}

describe.each(BACKENDS)("GET /api/admin/workspaces on %s", (_name, open) => {
  useTestEnv({ OPERATOR_EMAILS: OPERATOR });
  const t = useOpenedDatabase(open);

  beforeAll(async () => {
    current.database = t.db;
    await insertWorkspace(t.db, await insertUser(t.db), "Findable newsroom");
  });

  it("is for operators only", async () => {
    current.user = null;
    expect((await list("")).status).toBe(401);
    const userId = await insertUser(t.db);
    current.user = { id: userId, email: `${userId}@example.com`, isActive: true };
    expect((await list("")).status).toBe(403);
  });

  it("lists and searches for an operator; bad paging or a too-long search is 400 with a sentence", async () => {
    current.user = { id: await insertUser(t.db), email: OPERATOR, isActive: true };
    expect(await list("?q=findable%20NEWS")).toMatchObject({ status: 200, body: { total: 1, workspaces: [{ name: "Findable newsroom" }] } });
    for (const bad of [`?q=${"x".repeat(201)}`, "?page=0", "?page=abc", "?page_size=1000", "?page_size=-1"]) {
      const answer = await list(bad);
      expect({ bad, status: answer.status }).toEqual({ bad, status: 400 });
      expect(typeof answer.body.detail).toBe("string");
    }
  });
});
