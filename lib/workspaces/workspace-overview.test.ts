import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Database } from "@/lib/db/client";
import { subscriptions, users, workspaceInvitations } from "@/lib/db/schema";
import { BACKENDS, useOpenedDatabase } from "@/test/support/databases";
import { insertUser } from "@/test/support/users";
import { addMember, insertWorkspace } from "@/test/support/workspaces";
import { WORKSPACE_NOT_FOUND } from "@/lib/access/roles";
import { NO_WORKSPACE_CHOSEN, spaceChoices, workspaceDetail } from "./workspace-overview";

const DAY_MS = 86_400_000;

async function person(db: Database, name: string, plan?: { id: "team" | "enterprise"; seats?: number }): Promise<string> {
  const id = await insertUser(db);
  await db.update(users).set({ name, email: `${name.toLowerCase()}-${id.slice(0, 8)}@example.com` }).where(eq(users.id, id));
  if (plan) {
    await db.insert(subscriptions).values({ id: randomUUID(), userId: id, planId: plan.id, status: "active", billingInterval: "monthly", seats: plan.seats ?? 1 });
  }
  return id;
}

async function invite(db: Database, workspaceId: string, inviterId: string, email: string, { status = "pending", inDays = 7 } = {}): Promise<string> {
  const id = randomUUID();
  await db.insert(workspaceInvitations).values({ id, workspaceId: workspaceId, email, role: "member", status, expiresAt: new Date(Date.now() + inDays * DAY_MS), inviterId });
  return id;
}

const reason = (p: Promise<unknown>) => p.then(() => null, (e: unknown) => e);

describe.each(BACKENDS)("the workspace screens' reads on %s", (_name, open) => {
  const t = useOpenedDatabase(open);

  it("the switcher's list: the user's workspaces by name with their role; the active one only while a member", async () => {
    const owner = await person(t.db, "Olivia", { id: "team", seats: 5 });
    const member = await person(t.db, "Max");
    const acme = await insertWorkspace(t.db, owner, "Acme");
    const beta = await insertWorkspace(t.db, owner, "Beta");
    await addMember(t.db, beta, member, "viewer");
    await addMember(t.db, acme, member, "member");

    expect(await spaceChoices(t.db, member, beta)).toEqual({
      workspaces: [
        { id: acme, name: "Acme", role: "member" },
        { id: beta, name: "Beta", role: "viewer" },
      ],
      active_id: beta,
      may_create: false,
      create_refusal: expect.stringMatching(/^Team workspaces are not included in your Free plan\. Upgrade to .*Team.* to use them\.$/),
    });
    // A session still naming a workspace the user has left shows the personal space.
    const stranger = await person(t.db, "Sam");
    expect(await spaceChoices(t.db, stranger, acme)).toMatchObject({ workspaces: [], active_id: null });

    expect(await spaceChoices(t.db, owner, null)).toMatchObject({ active_id: null, may_create: true, create_refusal: null });
  });

  it("the workspace page: members by role, pending invitations for owners and admins only, seats of the owner's plan", async () => {
    const owner = await person(t.db, "Olivia", { id: "team", seats: 5 });
    const [admin, member, viewer] = [await person(t.db, "Ada"), await person(t.db, "Max"), await person(t.db, "Vera")];
    const acme = await insertWorkspace(t.db, owner, "Acme");
    await addMember(t.db, acme, viewer, "viewer");
    await addMember(t.db, acme, member, "member");
    await addMember(t.db, acme, admin, "admin");
    const pending = await invite(t.db, acme, owner, "new@example.com");
    await invite(t.db, acme, owner, "late@example.com", { inDays: -1 });
    await invite(t.db, acme, owner, "revoked@example.com", { status: "canceled" });

    const seen = await workspaceDetail(t.db, admin, acme);
    expect(seen).toMatchObject({ id: acme, name: "Acme", your_role: "admin" });
    expect(seen.members.map((m) => `${m.name} ${m.role}`)).toEqual(["Olivia owner", "Ada admin", "Max member", "Vera viewer"]);
    expect(seen.members[0]).toEqual({ id: expect.any(String), user_id: owner, name: "Olivia", email: expect.stringMatching(/^olivia-/), role: "owner", joined_at: expect.any(String) });
    expect(seen.invitations).toEqual([{ id: pending, email: "new@example.com", role: "member", expires_at: expect.any(String) }]);
    // Three people who are not viewers and the one pending invitation; the viewer, the expired and revoked invitations hold no seat.
    expect(seen.seats).toEqual({ used: 4, limit: 5 });

    const asViewer = await workspaceDetail(t.db, viewer, acme);
    expect(asViewer.your_role).toBe("viewer");
    expect(asViewer.members).toHaveLength(4);
    expect(asViewer.invitations).toEqual([]);
    expect((await workspaceDetail(t.db, member, acme)).invitations).toEqual([]);
  });

  it("a stranger or ex-member is told the workspace does not exist; the personal space has no workspace page", async () => {
    const owner = await person(t.db, "Olivia", { id: "enterprise" });
    const acme = await insertWorkspace(t.db, owner, "Acme");
    const stranger = await person(t.db, "Sam");
    expect(await reason(workspaceDetail(t.db, stranger, acme))).toMatchObject({ kind: "not_found", message: WORKSPACE_NOT_FOUND });
    expect(await reason(workspaceDetail(t.db, stranger, "no-such-workspace"))).toMatchObject({ kind: "not_found", message: WORKSPACE_NOT_FOUND });
    expect(await reason(workspaceDetail(t.db, owner, null))).toMatchObject({ kind: "not_found", message: NO_WORKSPACE_CHOSEN });
    // A plan with team management that is not sold per seat has no seat limit.
    expect((await workspaceDetail(t.db, owner, acme)).seats).toEqual({ used: 1, limit: null });
  });
});
