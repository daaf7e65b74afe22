import { eq } from "drizzle-orm";
import { billingEvents, subscriptions } from "@/lib/db/schema";
import { BACKENDS, type TestDatabase } from "@/test/support/databases";
import { insertUser } from "@/test/support/users";
import { currentSubscription } from "../current-subscription";
import { entitlementsFor } from "../entitlements";
import { applyChange } from "../subscription-sync";
import { cancelDemoCheckout, completeDemoCheckout, openDemoCheckout } from "./demo-checkout";
import { periodEnd, settleDemoSubscriptions, settleDueDemoSubscriptions } from "./demo-clock";

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
  const rowOf = async (userId: string) => (await t.handle.db.select().from(subscriptions).where(eq(subscriptions.userId, userId)))[0];

  it("periods end a month or a year later", () => {
    expect(periodEnd(new Date("2026-01-31T00:00:00Z"), "annual").toISOString()).toBe("2027-01-31T00:00:00.000Z");
    expect(periodEnd(new Date("2026-11-21T10:00:00Z"), "monthly").toISOString()).toBe("2026-12-21T10:00:00.000Z");
  });

  it("checkout with a trial; a session completes once; the trial rolls into a paid period", async () => {
    const { db } = t.handle;
    const user = await insertUser(db);
    const now = new Date("2026-11-21T00:00:00Z");
    const session = await openDemoCheckout(db, user, "pro", "monthly", 14);
    expect(await completeDemoCheckout(db, user, session, now)).toMatchObject({ planId: "pro", status: "trialing", provider: "demo" });
    await expect(completeDemoCheckout(db, user, session, now)).rejects.toMatchObject({ kind: "conflict", message: "This checkout is already paid." });
    expect((await entitlementsFor(db, user, now)).planId).toBe("pro");
    const later = new Date(now.getTime() + 15 * DAY);
    const rolled = { status: "active", currentPeriodStart: new Date(now.getTime() + 14 * DAY) };
    expect(await currentSubscription(db, user, later)).toMatchObject(rolled);
    await settleDemoSubscriptions(db, user, later);
    expect(await rowOf(user)).toMatchObject(rolled);
    expect(await events(user)).toEqual(["subscription_created"]);
  });

  it("the billing clock writes ended demo periods down, once, for every user due and nobody else", async () => {
    const { db } = t.handle;
    const [due, current] = [await insertUser(db), await insertUser(db)];
    const start = new Date("2030-01-01T00:00:00Z");
    await completeDemoCheckout(db, due, await openDemoCheckout(db, due, "pro", "monthly", 0), start);
    await completeDemoCheckout(db, current, await openDemoCheckout(db, current, "pro", "monthly", 0), new Date("2030-02-20T00:00:00Z"));
    const row = (await rowOf(due))!;
    await applyChange(db, row, { cancelAtPeriodEnd: true }, start);
    const later = new Date("2030-02-05T00:00:00Z");
    // Other tests' users share this database; some are due as well.
    expect(await settleDueDemoSubscriptions(db, later)).toBeGreaterThanOrEqual(1);
    expect(await rowOf(due)).toMatchObject({ status: "canceled" });
    expect(await events(due)).toEqual(["subscription_created", "subscription_canceled"]);
    expect(await settleDueDemoSubscriptions(db, later)).toBe(0);
    expect(await events(due)).toEqual(["subscription_created", "subscription_canceled"]);
    expect(await rowOf(current)).toMatchObject({ status: "active", planId: "pro" });
  });

  it("an unknown, foreign or closed checkout cannot be paid or canceled", async () => {
    const { db } = t.handle;
    const [user, other] = [await insertUser(db), await insertUser(db)];
    const session = await openDemoCheckout(db, user, "pro", "monthly", 0);
    await expect(completeDemoCheckout(db, other, session)).rejects.toMatchObject({ kind: "not_found", message: "This checkout does not exist." });
    await expect(cancelDemoCheckout(db, other, session)).rejects.toMatchObject({ kind: "not_found", message: "This checkout is not open." });
    await cancelDemoCheckout(db, user, session);
    await expect(completeDemoCheckout(db, user, session)).rejects.toMatchObject({
      kind: "conflict",
      message: "This checkout was canceled. Start a new one from the plans.",
    });
  });

  it("premium → pro at period end; usage counts from the new period; reads write nothing", async () => {
    const { db } = t.handle;
    const user = await insertUser(db);
    const now = new Date("2026-11-21T00:00:00Z");
    await completeDemoCheckout(db, user, await openDemoCheckout(db, user, "premium", "monthly", 0), now);
    const row = (await currentSubscription(db, user, now))!;
    await applyChange(db, row, { scheduledPlanChange: { plan_id: "pro", billing_interval: "monthly", effective_at: row.currentPeriodEnd!.toISOString() } }, now);
    expect((await entitlementsFor(db, user, now)).planId).toBe("premium");
    const after = new Date("2026-12-22T00:00:00Z");
    const e = await entitlementsFor(db, user, after);
    expect(e.planId).toBe("pro");
    expect(e.period.start.toISOString()).toBe("2026-12-21T00:00:00.000Z");
    expect((await currentSubscription(db, user, after))?.scheduledPlanChange).toBeNull();
    expect(await rowOf(user)).toMatchObject({ planId: "premium" });
    expect(await events(user)).toEqual(["subscription_created"]);
    // The next plan change writes the periods that ended first.
    await settleDemoSubscriptions(db, user, after);
    expect(await rowOf(user)).toMatchObject({ planId: "pro", scheduledPlanChange: null });
    expect(await events(user)).toEqual(["subscription_created", "scheduled_plan_change_effective"]);
  });

  it("cancel at period end: paid until then, the default plan after", async () => {
    const { db } = t.handle;
    const user = await insertUser(db);
    const now = new Date("2026-11-21T00:00:00Z");
    await completeDemoCheckout(db, user, await openDemoCheckout(db, user, "pro", "annual", 0), now);
    await applyChange(db, (await currentSubscription(db, user, now))!, { cancelAtPeriodEnd: true }, now);
    expect((await entitlementsFor(db, user, new Date("2027-11-20T00:00:00Z"))).planId).toBe("pro");
    const ended = new Date("2027-11-22T00:00:00Z");
    expect((await entitlementsFor(db, user, ended)).planId).toBe("free");
    expect(await currentSubscription(db, user, ended)).toBeUndefined();
    await settleDemoSubscriptions(db, user, ended);
    expect((await rowOf(user)).status).toBe("canceled");
    expect(await events(user)).toEqual(["subscription_created", "subscription_canceled"]);
  });
});
