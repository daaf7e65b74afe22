import { randomUUID } from "node:crypto";
import type { Database } from "@/lib/db/client";
import { subscriptions, workspaceInvitations, type User } from "@/lib/db/schema";
import { WORKSPACE_NOT_FOUND } from "@/lib/access/roles";
import { NO_WORKSPACE_CHOSEN } from "@/lib/workspaces/workspace-overview";
import { BACKENDS, useOpenedDatabase } from "@/test/support/databases";
import { useTestEnv } from "@/test/support/env";
import { insertUser } from "@/test/support/users";
import { addMember, insertWorkspace } from "@/test/support/workspaces";
import { GET as current } from "./current/route";
import { GET as list } from "./route";

// The session is Better Auth's (end-to-end tests cover it); here only who it returns, and the
// workspace it has chosen, matter. The routes read the test's database.
const session: { user: Partial<User> | null; space: string | null; database: Database | null } = { user: null, space: null, database: null };
jest.mock("@/lib/auth/session", () => ({ currentUser: async () => session.user, currentSpace: async () => session.space }));
jest.mock("@/lib/db/client", () => ({ ...jest.requireActual("@/lib/db/client"), db: () => session.database }));

type Handler = (request: Request) => Promise<Response>;

async function get(handler: Handler, path: string) {
  // A cookie, as a browser sends: route() asks for the session's space only then.
  const res = await handler(new Request(`http://localhost:3000${path}`, { headers: { cookie: "session=test" } }));
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

const as = (userId: string | null, space: string | null = null) => {
  session.user = userId ? { id: userId, email: `${userId}@example.com`, isActive: true } : null;
  session.space = space;
};

describe.each(BACKENDS.slice(0, 1))("the workspace routes on %s", (_name, open) => {
  useTestEnv();
  const t = useOpenedDatabase(open);

  beforeAll(() => {
    session.database = t.db;
  });

  it("GET /api/workspaces: the user's workspaces and the active one; 401 without a session", async () => {
    const owner = await insertUser(t.db);
    await t.db.insert(subscriptions).values({ id: randomUUID(), userId: owner, planId: "team", status: "active", billingInterval: "monthly", seats: 3 });
    const acme = await insertWorkspace(t.db, owner, "Acme");
    as(owner, acme);
    expect(await get(list, "/api/workspaces")).toEqual({
      status: 200,
      body: { workspaces: [{ id: acme, name: "Acme", role: "owner" }], active_id: acme, may_create: true, create_refusal: null },
    });
    as(null);
    expect(await get(list, "/api/workspaces")).toEqual({ status: 401, body: { detail: "You are not logged in." } });
  });

  it("GET /api/workspaces/current: members see it, invitations for admins only; others and the personal space get 404", async () => {
    const owner = await insertUser(t.db);
    await t.db.insert(subscriptions).values({ id: randomUUID(), userId: owner, planId: "team", status: "active", billingInterval: "monthly", seats: 3 });
    const viewer = await insertUser(t.db);
    const acme = await insertWorkspace(t.db, owner, "Acme");
    // The owner and the pending invitation take seats; the viewer is free.
    await addMember(t.db, acme, viewer, "viewer");
    await t.db.insert(workspaceInvitations).values({ id: "inv-1", workspaceId: acme, email: "new@example.com", role: "member", expiresAt: new Date(Date.now() + 86_400_000), inviterId: owner });

    as(owner, acme);
    const asOwner = await get(current, "/api/workspaces/current");
    expect(asOwner.status).toBe(200);
    expect(asOwner.body).toMatchObject({ id: acme, name: "Acme", your_role: "owner", seats: { used: 2, limit: 3 }, invitations: [{ id: "inv-1", email: "new@example.com" }] });

    as(viewer, acme);
    const asViewer = await get(current, "/api/workspaces/current");
    expect(asViewer.status).toBe(200);
    expect(asViewer.body).toMatchObject({ your_role: "viewer", invitations: [] });
    expect((asViewer.body.members as unknown[]).length).toBe(2);

    as(viewer, null);
    expect(await get(current, "/api/workspaces/current")).toEqual({ status: 404, body: { detail: NO_WORKSPACE_CHOSEN } });
    as(await insertUser(t.db), acme);
    expect(await get(current, "/api/workspaces/current")).toEqual({ status: 404, body: { detail: WORKSPACE_NOT_FOUND } });
  });
});
