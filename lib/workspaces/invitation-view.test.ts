import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Database } from "@/lib/db/client";
import { users, workspaceInvitations } from "@/lib/db/schema";
import { BACKENDS, useOpenedDatabase } from "@/test/support/databases";
import { insertUser } from "@/test/support/users";
import { insertWorkspace } from "@/test/support/workspaces";
import { invitationFor } from "./invitation-view";

const DAY_MS = 86_400_000;

async function invitation(db: Database, workspaceId: string, inviterId: string, email: string, status = "pending", inDays = 7): Promise<string> {
  const id = randomUUID();
  await db.insert(workspaceInvitations).values({ id, workspaceId: workspaceId, email, role: "viewer", status, expiresAt: new Date(Date.now() + inDays * DAY_MS), inviterId });
  return id;
}

describe.each(BACKENDS)("an invitation's page on %s", (_name, open) => {
  const t = useOpenedDatabase(open);

  it("its addressee sees the workspace, the inviter and the role; every other state has its own answer", async () => {
    const owner = await insertUser(t.db);
    await t.db.update(users).set({ name: "Olivia Owner" }).where(eq(users.id, owner));
    const acme = await insertWorkspace(t.db, owner, "Acme");
    const me = { email: "vera@example.com" };

    const open = await invitation(t.db, acme, owner, "vera@example.com");
    expect(await invitationFor(t.db, open, me)).toEqual({
      state: "open",
      id: open,
      workspaceName: "Acme",
      inviterName: "Olivia Owner",
      role: "viewer",
      expiresAt: expect.any(Date),
    });
    // The address as typed in the invitation, in any case, is still the same mailbox.
    expect(await invitationFor(t.db, open, { email: "Vera@Example.com" })).toMatchObject({ state: "open" });

    expect(await invitationFor(t.db, await invitation(t.db, acme, owner, "vera@example.com", "pending", -1), me)).toEqual({ state: "expired", workspaceName: "Acme" });
    expect(await invitationFor(t.db, await invitation(t.db, acme, owner, "vera@example.com", "canceled"), me)).toEqual({ state: "canceled", workspaceName: "Acme" });
    expect(await invitationFor(t.db, await invitation(t.db, acme, owner, "vera@example.com", "accepted"), me)).toEqual({ state: "accepted", workspaceName: "Acme" });
    expect(await invitationFor(t.db, await invitation(t.db, acme, owner, "vera@example.com", "rejected"), me)).toEqual({ state: "rejected", workspaceName: "Acme" });
  });

  it("anyone else learns nothing of it, whatever its state; unknown and absurd ids are not found", async () => {
    const owner = await insertUser(t.db);
    const acme = await insertWorkspace(t.db, owner, "Acme");
    const other = { email: "mallory@example.com" };
    for (const status of ["pending", "canceled", "accepted"]) {
      expect(await invitationFor(t.db, await invitation(t.db, acme, owner, "vera@example.com", status), other)).toEqual({ state: "other_email" });
    }
    expect(await invitationFor(t.db, randomUUID(), other)).toEqual({ state: "not_found" });
    expect(await invitationFor(t.db, "", other)).toEqual({ state: "not_found" });
    expect(await invitationFor(t.db, "x".repeat(10_000), other)).toEqual({ state: "not_found" });
    expect(await invitationFor(t.db, "'; drop table workspaces; --", other)).toEqual({ state: "not_found" });
  });
});
