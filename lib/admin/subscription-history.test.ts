import { billingEvents, subscriptions, users } from "@/lib/db/schema";
import { BACKENDS, type TestDatabase } from "@/test/support/databases";
import { useTestEnv } from "@/test/support/env";
import { insertUser } from "@/test/support/users";
import type { AdminBillingEvent, AdminSubscription } from "@/lib/api/contract/admin";
import { subscriptionHistory } from "./subscription-history";

const at = (iso: string) => new Date(iso);

describe.each(BACKENDS)("subscriptionHistory on %s", (_name, open) => {
  useTestEnv();
  let t: TestDatabase;

  beforeAll(async () => {
    t = await open();
    const { db } = t.handle;
    await db.insert(users).values({ id: "u-hist", name: "Hana History", email: "hana@example.com", emailVerified: true, createdAt: at("2026-01-01T00:00:00Z") });
    await db.insert(subscriptions).values([
      {
        id: "s-old",
        userId: "u-hist",
        planId: "premium",
        status: "canceled",
        billingInterval: "annual",
        provider: "stripe",
        stripeSubscriptionId: "sub_old",
        currentPeriodEnd: at("2026-02-10T00:00:00Z"),
        cancelAtPeriodEnd: true,
        createdAt: at("2026-01-10T00:00:00Z"),
        updatedAt: at("2026-02-10T00:00:00Z"),
      },
      {
        id: "s-new",
        userId: "u-hist",
        planId: "pro",
        status: "active",
        billingInterval: "monthly",
        provider: "demo",
        currentPeriodEnd: at("2026-04-01T00:00:00Z"),
        trialEnd: at("2026-03-08T00:00:00Z"),
        scheduledPlanChange: { plan_id: "pro", billing_interval: "annual", effective_at: "2026-04-01T00:00:00.000Z" },
        createdAt: at("2026-03-01T00:00:00Z"),
        updatedAt: at("2026-03-05T00:00:00Z"),
      },
    ]);
    await db.insert(billingEvents).values([
      {
        id: "e-created-premium",
        userId: "u-hist",
        eventType: "subscription_created",
        planId: "premium",
        billingInterval: "annual",
        description: "Subscribed to Premium",
        stripeSubscriptionId: "sub_old",
        createdAt: at("2026-01-10T00:00:00Z"),
      },
      {
        id: "e-created-pro",
        userId: "u-hist",
        eventType: "subscription_created",
        planId: "pro",
        billingInterval: "monthly",
        description: "Subscribed to Pro",
        createdAt: at("2026-03-01T00:00:00Z"),
      },
      {
        id: "e-canceled",
        userId: "u-hist",
        eventType: "subscription_canceled",
        planId: "premium",
        description: "Canceled Premium",
        stripeSubscriptionId: "sub_old",
        createdAt: at("2026-02-10T00:00:00Z"),
      },
    ]);
  });
  afterAll(async () => {
    await t?.close();
  });

  it("is undefined for an unknown user", async () => {
    await expect(subscriptionHistory(t.handle.db, "nobody")).rejects.toMatchObject({ kind: "not_found", message: "User not found." });
  });

  it("gives a user who never subscribed the free plan and empty lists", async () => {
    const id = await insertUser(t.handle.db);
    const history = await subscriptionHistory(t.handle.db, id);
    expect(history).toEqual({
      user: expect.objectContaining({ id, plan_id: "free", subscription_status: null }),
      subscriptions: [],
      billing_history: [],
    });
  });

  it("lists the user's subscriptions and billing events newest first with every field", async () => {
    const history = await subscriptionHistory(t.handle.db, "u-hist");
    expect(history?.user).toMatchObject({
      id: "u-hist",
      email: "hana@example.com",
      plan_id: "pro",
      plan_name: "Pro",
      subscription_status: "active",
      trial_end: "2026-03-08T00:00:00.000Z",
      billing_interval: "monthly",
    });
    const expectedSubscriptions: AdminSubscription[] = [
      {
        id: "s-new",
        plan_id: "pro",
        plan_name: "Pro",
        status: "active",
        billing_interval: "monthly",
        provider: "demo",
        stripe_subscription_id: null,
        created_at: "2026-03-01T00:00:00.000Z",
        updated_at: "2026-03-05T00:00:00.000Z",
        current_period_end: "2026-04-01T00:00:00.000Z",
        trial_end: "2026-03-08T00:00:00.000Z",
        cancel_at_period_end: false,
        scheduled_plan_change: { plan_id: "pro", billing_interval: "annual", effective_at: "2026-04-01T00:00:00.000Z" },
      },
      {
        id: "s-old",
        plan_id: "premium",
        plan_name: "Premium",
        status: "canceled",
        billing_interval: "annual",
        provider: "stripe",
        stripe_subscription_id: "sub_old",
        created_at: "2026-01-10T00:00:00.000Z",
        updated_at: "2026-02-10T00:00:00.000Z",
        current_period_end: "2026-02-10T00:00:00.000Z",
        trial_end: null,
        cancel_at_period_end: true,
        scheduled_plan_change: null,
      },
    ];
    const expectedEvents: AdminBillingEvent[] = [
      {
        id: "e-created-pro",
        event_type: "subscription_created",
        plan_id: "pro",
        billing_interval: "monthly",
        description: "Subscribed to Pro",
        stripe_subscription_id: null,
        created_at: "2026-03-01T00:00:00.000Z",
      },
      {
        id: "e-canceled",
        event_type: "subscription_canceled",
        plan_id: "premium",
        billing_interval: null,
        description: "Canceled Premium",
        stripe_subscription_id: "sub_old",
        created_at: "2026-02-10T00:00:00.000Z",
      },
      {
        id: "e-created-premium",
        event_type: "subscription_created",
        plan_id: "premium",
        billing_interval: "annual",
        description: "Subscribed to Premium",
        stripe_subscription_id: "sub_old",
        created_at: "2026-01-10T00:00:00.000Z",
      },
    ];
    expect(history?.subscriptions).toEqual(expectedSubscriptions);
    expect(history?.billing_history).toEqual(expectedEvents);
  });
});
