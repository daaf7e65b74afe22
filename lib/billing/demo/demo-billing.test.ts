import { eq } from "drizzle-orm";
import { billingEvents, subscriptions } from "@/lib/db/schema";
import { BACKENDS, type TestDatabase } from "@/test/support/databases";
import { insertUser } from "@/test/support/users";
import { currentSubscription } from "../current-subscription";
import { entitlementsFor } from "../entitlements";
import { completeDemoCheckout, openDemoCheckout, periodEnd, scheduleDemoDowngrade, settleDemoSubscriptions, updateDemoSubscription } from "./demo-billing";

const DAY = 86_400_000;

describe.each(BACKENDS.slice(0, 1))("demo billing on %s", (_name, open) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await open();
  });
  afterAll(async () => {
    await t?.close();
  });
  const events = async (userId: string) =>
    (await t.handle.db.select().from(billingEvents).where(eq(billingEvents.userId, userId)).orderBy(billingEvents.createdAt)).map((e) => e.eventType);

  it("periods end a month or a year later", () => {
    expect(periodEnd(new Date("2026-01-31T00:00:00Z"), "annual").toISOString()).toBe("2027-01-31T00:00:00.000Z");
    expect(periodEnd(new Date("2026-11-21T10:00:00Z"), "monthly").toISOString()).toBe("2026-12-21T10:00:00.000Z");
  });

  it("checkout with a trial; a session completes once; the trial rolls into a paid period", async () => {
    const { db } = t.handle;
    const user = await insertUser(db);
    const now = new Date("2026-11-21T00:00:00Z");
    const session = await openDemoCheckout(db, user, "pro", "monthly", 14);
    const done = await completeDemoCheckout(db, user, session, now);
    expect(done.ok && done.result.subscription).toMatchObject({ planId: "pro", status: "trialing", provider: "demo" });
    expect(await completeDemoCheckout(db, user, session, now)).toEqual({ ok: false, status: 409, detail: "This checkout is already paid." });
    expect((await entitlementsFor(db, user, now)).planId).toBe("pro");
    const later = new Date(now.getTime() + 15 * DAY);
    await settleDemoSubscriptions(db, user, later);
    expect(await currentSubscription(db, user, later)).toMatchObject({ status: "active", currentPeriodStart: new Date(now.getTime() + 14 * DAY) });
    expect(await events(user)).toEqual(["subscription_created"]);
  });

  it("premium → pro at period end; usage counts from the new period", async () => {
    const { db } = t.handle;
    const user = await insertUser(db);
    const now = new Date("2026-11-21T00:00:00Z");
    await completeDemoCheckout(db, user, await openDemoCheckout(db, user, "premium", "monthly", 0), now);
    const row = (await currentSubscription(db, user, now))!;
    await scheduleDemoDowngrade(db, row, { plan_id: "pro", billing_interval: "monthly", effective_at: row.currentPeriodEnd!.toISOString() });
    expect((await entitlementsFor(db, user, now)).planId).toBe("premium");
    const after = new Date("2026-12-22T00:00:00Z");
    const e = await entitlementsFor(db, user, after);
    expect(e.planId).toBe("pro");
    expect(e.period.start.toISOString()).toBe("2026-12-21T00:00:00.000Z");
    expect((await currentSubscription(db, user, after))?.scheduledPlanChange).toBeNull();
    expect(await events(user)).toEqual(["subscription_created", "scheduled_plan_change_effective"]);
  });

  it("cancel at period end: paid until then, free after", async () => {
    const { db } = t.handle;
    const user = await insertUser(db);
    const now = new Date("2026-11-21T00:00:00Z");
    await completeDemoCheckout(db, user, await openDemoCheckout(db, user, "pro", "annual", 0), now);
    await updateDemoSubscription(db, (await currentSubscription(db, user, now))!, { cancelAtPeriodEnd: true }, now);
    expect((await entitlementsFor(db, user, new Date("2027-11-20T00:00:00Z"))).planId).toBe("pro");
    expect((await entitlementsFor(db, user, new Date("2027-11-22T00:00:00Z"))).planId).toBe("free");
    const [row] = await db.select().from(subscriptions).where(eq(subscriptions.userId, user));
    expect(row.status).toBe("canceled");
    expect(await events(user)).toEqual(["subscription_created", "subscription_canceled"]);
  });
});
