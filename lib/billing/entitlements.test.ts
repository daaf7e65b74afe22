import { eq } from "drizzle-orm";
import { BACKENDS, type TestDatabase } from "@/test/support/databases";
import { plans, subscriptions, usage, users } from "@/lib/db/schema";
import {
  entitlementsFor,
  expandFeatures,
  mayTranscribeSeconds,
  mayUseFeature,
  mayUseLanguage,
  secondsRemaining,
} from "./entitlements";
import { calendarMonth } from "./period";

describe("expandFeatures", () => {
  it("follows everything_in_* transitively and survives cycles", () => {
    const byId = new Map([
      ["a", { id: "a", features: ["export_txt", "everything_in_c"] }],
      ["b", { id: "b", features: ["everything_in_a", "record_tab_mic"] }],
      ["c", { id: "c", features: ["everything_in_b", "in_app_editing", "not_a_feature"] }],
    ]);
    const features = expandFeatures(byId.get("b")!, byId);
    // Only real feature keys are granted; the inheritance markers themselves are not.
    expect([...features].sort()).toEqual(["export_txt", "in_app_editing", "record_tab_mic"]);
  });
});

describe.each(BACKENDS)("entitlements on %s", (_name, open) => {
  let t: TestDatabase;
  const now = new Date("2026-11-15T12:00:00Z");
  let n = 0;
  async function newUser() {
    const id = `user-${++n}`;
    await t.handle.db.insert(users).values({ id, name: "Ada", email: `${id}@example.com` });
    return id;
  }
  async function subscribe(userId: string, planId: string, status: "active" | "trialing" | "past_due" | "canceled") {
    await t.handle.db.insert(subscriptions).values({
      id: `sub-${userId}`,
      userId,
      planId,
      status,
      billingInterval: "monthly",
      currentPeriodStart: new Date("2026-11-10T00:00:00Z"),
      currentPeriodEnd: new Date("2026-12-10T00:00:00Z"),
    });
  }

  beforeAll(async () => {
    t = await open();
  });
  afterAll(async () => {
    await t?.close();
  });

  it("gives a user without a subscription the free plan over the calendar month", async () => {
    const e = await entitlementsFor(t.handle.db, await newUser(), now);
    expect(e.planId).toBe("free");
    expect(mayUseFeature(e, "export_txt")).toBe(true);
    expect(mayUseFeature(e, "export_markdown_pdf")).toBe(false);
    expect(mayUseLanguage(e, "en")).toBe(true);
    expect(mayUseLanguage(e, "ru")).toBe(false);
    expect(e.secondsPerPeriod).toBe(3 * 3600);
    expect(e.period).toEqual(calendarMonth(now));
  });

  it("gives pro its own features, free's through everything_in_free, and 33 languages", async () => {
    const id = await newUser();
    await subscribe(id, "pro", "active");
    const e = await entitlementsFor(t.handle.db, id, now);
    expect(e.planId).toBe("pro");
    expect(mayUseFeature(e, "record_tab_mic")).toBe(true);
    expect(mayUseFeature(e, "export_txt")).toBe(true);
    expect(mayUseFeature(e, "advanced_ai_formatting")).toBe(false);
    expect(Object.keys(e.languages)).toHaveLength(33);
    expect(e.secondsPerPeriod).toBe(16 * 3600);
    expect(e.period.start).toEqual(new Date("2026-11-10T00:00:00Z"));
  });

  it("gives a trialing premium user 97 languages and premium features", async () => {
    const id = await newUser();
    await subscribe(id, "premium", "trialing");
    const e = await entitlementsFor(t.handle.db, id, now);
    expect(Object.keys(e.languages)).toHaveLength(97);
    expect(mayUseFeature(e, "priority_transcription_queue")).toBe(true);
    expect(mayUseFeature(e, "export_markdown_pdf")).toBe(true);
  });

  it.each(["past_due", "canceled"] as const)("falls back to free when the subscription is %s", async (status) => {
    const id = await newUser();
    await subscribe(id, "premium", status);
    const e = await entitlementsFor(t.handle.db, id, now);
    expect(e.planId).toBe("free");
    expect(mayUseLanguage(e, "sw")).toBe(false);
  });

  it("counts usage of the current period against the plan's hours", async () => {
    const id = await newUser();
    await subscribe(id, "pro", "active");
    await t.handle.db.insert(usage).values({
      userId: id,
      periodStart: new Date("2026-11-10T00:00:00Z"),
      secondsUsed: 16 * 3600 - 60,
    });
    const e = await entitlementsFor(t.handle.db, id, now);
    expect(secondsRemaining(e)).toBe(60);
    expect(mayTranscribeSeconds(e, 60)).toBe(true);
    expect(mayTranscribeSeconds(e, 61)).toBe(false);
  });

  it("follows operators' plan edits at once", async () => {
    const id = await newUser();
    await t.handle.db.update(plans).set({ features: ["export_txt", "export_markdown_pdf"] }).where(eq(plans.id, "free"));
    const e = await entitlementsFor(t.handle.db, id, now);
    expect(mayUseFeature(e, "export_markdown_pdf")).toBe(true);
  });

  it("has no limit on a plan without hours", async () => {
    const id = await newUser();
    await subscribe(id, "enterprise", "active");
    const e = await entitlementsFor(t.handle.db, id, now);
    expect(secondsRemaining(e)).toBeNull();
    expect(mayTranscribeSeconds(e, 10 ** 7)).toBe(true);
    expect(mayUseFeature(e, "team_management")).toBe(true);
    expect(mayUseFeature(e, "record_tab_mic")).toBe(true);
  });
});
