import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Database } from "@/lib/db/client";
import { users, workspaceInvitations } from "@/lib/db/schema";
import { BACKENDS, useOpenedDatabase } from "@/test/support/databases";
import { addMember, insertWorkspace } from "@/test/support/workspaces";
import { insertUser } from "@/test/support/users";
import { demoBilling } from "./demo/demo-provider";
import { markOnboardingSeen, shouldShowOnboarding } from "./onboarding";
import { startCheckout } from "./plan-changes";

const DAY_MS = 86_400_000;

async function userRow(db: Database, id: string) {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row;
}

async function invite(db: Database, email: string, { status = "pending", expiresInDays = 7 } = {}): Promise<void> {
  const ownerId = await insertUser(db);
  const workspaceId = await insertWorkspace(db, ownerId);
  await db.insert(workspaceInvitations).values({
    id: randomUUID(),
    workspaceId,
    email,
    role: "member",
    status,
    expiresAt: new Date(Date.now() + expiresInDays * DAY_MS),
    inviterId: ownerId,
  });
}

describe.each(BACKENDS)("the plan dialog on first visit (%s)", (_name, open) => {
  const t = useOpenedDatabase(open);

  it("opens for a new user until they close it once", async () => {
    const id = await insertUser(t.db);
    expect(await shouldShowOnboarding(t.db, await userRow(t.db, id))).toBe(true);
    await markOnboardingSeen(t.db, id);
    expect(await shouldShowOnboarding(t.db, await userRow(t.db, id))).toBe(false);
  });

  it("never opens for someone invited to a team, whatever case the invitation's address was typed in", async () => {
    const id = await insertUser(t.db);
    const user = await userRow(t.db, id);
    await invite(t.db, user.email.toUpperCase());
    expect(await shouldShowOnboarding(t.db, user)).toBe(false);
  });

  it.each([
    ["expired", { expiresInDays: -1 }],
    ["revoked", { status: "canceled" }],
    ["declined", { status: "rejected" }],
  ])("opens when the only invitation is %s", async (_state, options) => {
    const id = await insertUser(t.db);
    const user = await userRow(t.db, id);
    await invite(t.db, user.email, options);
    expect(await shouldShowOnboarding(t.db, user)).toBe(true);
  });

  it("never opens for a member of someone else's workspace, but does for the owner of one", async () => {
    const owner = await insertUser(t.db);
    const member = await insertUser(t.db);
    const workspaceId = await insertWorkspace(t.db, owner);
    await addMember(t.db, workspaceId, member, "viewer");
    expect(await shouldShowOnboarding(t.db, await userRow(t.db, member))).toBe(false);
    expect(await shouldShowOnboarding(t.db, await userRow(t.db, owner))).toBe(true);
  });

  it("never opens once a plan is chosen: starting checkout counts as seen, and a subscription does too", async () => {
    const subscribed = await insertUser(t.db, "pro");
    expect(await shouldShowOnboarding(t.db, await userRow(t.db, subscribed))).toBe(false);

    const buyer = await insertUser(t.db);
    const row = await userRow(t.db, buyer);
    const url = await startCheckout(t.db, demoBilling, row, { plan_id: "premium", billing_interval: "monthly" }, async () => ({ count: 0, note: null }));
    expect(url).toContain("/billing/demo-checkout/");
    // Left on the checkout page, unpaid: the dialog stays away on reload.
    expect(await shouldShowOnboarding(t.db, await userRow(t.db, buyer))).toBe(false);
  });
});
