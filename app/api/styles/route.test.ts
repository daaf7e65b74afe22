import type { Database } from "@/lib/db/client";
import type { User } from "@/lib/db/schema";
import { BACKENDS, useOpenedDatabase } from "@/test/support/databases";
import { insertUser } from "@/test/support/users";
import { PATCH } from "./[id]/route";
import { POST } from "./route";

// The session is Better Auth's (end-to-end tests cover it); here only who it returns matters,
// and the route reads the test's database.
const current: { user: Partial<User> | null; database: Database | null } = { user: null, database: null };
jest.mock("@/lib/auth/session", () => ({ currentUser: async () => current.user }));
jest.mock("@/lib/db/client", () => ({ ...jest.requireActual("@/lib/db/client"), db: () => current.database }));

const request = (method: string, body: string) =>
  new Request("http://localhost:3000/api/styles", { method, body, headers: { "content-type": "application/json" } });

describe.each(BACKENDS)("the style routes check the plan before the body, on %s", (_name, open) => {
  const t = useOpenedDatabase(open);

  beforeAll(async () => {
    current.database = t.db;
    const userId = await insertUser(t.db);
    current.user = { id: userId, email: `${userId}@example.com`, isActive: true };
  });

  it("a plan without custom styles hears that first, whatever the body", async () => {
    for (const body of ["{not json", '{"name":""}']) {
      const created = await POST(request("POST", body));
      const edited = await PATCH(request("PATCH", body), { params: Promise.resolve({ id: "any" }) });
      for (const res of [created, edited]) {
        expect(res.status).toBe(403);
        expect((await res.json()).detail).toMatch(/^Custom transcription styles are not included in your Free plan/);
      }
    }
  });
});
