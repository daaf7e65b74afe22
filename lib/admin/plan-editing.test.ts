import { eq } from "drizzle-orm";
import { entitlementsFor } from "@/lib/billing/entitlements";
import { auditLog, plans } from "@/lib/db/schema";
import { BACKENDS, type TestDatabase } from "@/test/support/databases";
import { insertUser } from "@/test/support/users";
import { PlanPatchBody } from "@/lib/api/contract/admin";
import { PLAIN_PARSE, issueSentence } from "@/lib/http/issue-sentence";
import { plansForAdmin, updatePlan } from "./plan-editing";

const OPERATOR = { id: "op-1", email: "ops1@verbatim.test" };

function problem(input: unknown): string | null {
  const result = PlanPatchBody.safeParse(input, PLAIN_PARSE);
  return result.success ? null : issueSentence(result.error, "");
}

describe("the plan edit rules (spec §5)", () => {
  it("takes prices as numbers, minimum 0, step 0.01", () => {
    expect(PlanPatchBody.parse({ price_monthly: 15, price_annual: 143.99 })).toMatchObject({ price_monthly: 15, price_annual: 143.99 });
    expect(PlanPatchBody.parse({ price_monthly: 0 }).price_monthly).toBe(0);
    expect(PlanPatchBody.parse({ price_monthly: 0.1 + 0.2 }).price_monthly).toBeCloseTo(0.3);
    expect(problem({ price_monthly: -1 })).toBe("The monthly price must be 0 or more.");
    expect(problem({ price_annual: 1.234 })).toBe("The annual price can have at most 2 decimal places.");
    expect(problem({ price_monthly: "15" })).toBe("The monthly price must be a number.");
    expect(problem({ price_monthly: null })).toBe("The monthly price must be a number.");
  });

  it("reads feature and tier lists comma-separated or as arrays: trimmed, empty items dropped", () => {
    expect(PlanPatchBody.parse({ features: " export_txt,, in_app_editing , " }).features).toEqual(["export_txt", "in_app_editing"]);
    expect(PlanPatchBody.parse({ excluded_features: ["  sla_support ", "", " "] }).excluded_features).toEqual(["sla_support"]);
    expect(PlanPatchBody.parse({ language_tiers: "core, extended ,," }).language_tiers).toEqual(["core", "extended"]);
    expect(PlanPatchBody.parse({ features: "" }).features).toEqual([]);
  });

  it("refuses feature keys that do not exist, naming them", () => {
    expect(problem({ features: "export_txt, teleportation" })).toMatch(/^Unknown feature key "teleportation"\. Known keys: real_time_transcription, /);
  });

  it("takes Stripe price ids or empty (none), nothing else", () => {
    expect(PlanPatchBody.parse({ stripe_price_id_monthly: " price_1AbC " }).stripe_price_id_monthly).toBe("price_1AbC");
    expect(PlanPatchBody.parse({ stripe_price_id_annual: "" }).stripe_price_id_annual).toBeNull();
    expect(PlanPatchBody.parse({ stripe_price_id_annual: null }).stripe_price_id_annual).toBeNull();
    expect(problem({ stripe_price_id_monthly: "prod_123" })).toBe("The monthly Stripe price id must be a Stripe price id (price_…) or empty.");
  });

  it("refuses an empty name and wrong types", () => {
    expect(problem({ name: "   " })).toBe("The plan name cannot be empty.");
    expect(problem({ is_active: "yes" })).toBe("Say whether the plan is active: true or false.");
    expect(problem({ hours_per_month: -2 })).toBe("Hours per month must be 0 or more.");
    expect(PlanPatchBody.parse({ hours_per_month: null }).hours_per_month).toBeNull();
  });
});

describe.each(BACKENDS)("updatePlan on %s", (_name, open) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await open();
  });
  afterAll(async () => {
    await t?.close();
  });

  it("changes the plan at once for the plans API and for entitlements, and audits the changed fields", async () => {
    const { db } = t.handle;
    const user = await insertUser(db, "pro");
    expect((await entitlementsFor(db, user)).features.has("export_markdown_pdf")).toBe(true);

    const patch = PlanPatchBody.parse({ price_monthly: 19.5, features: "everything_in_free, ai_enhancement", name: "Pro" });
    const plan = await updatePlan(db, OPERATOR, "pro", patch);
    expect(plan).toMatchObject({ id: "pro", price_monthly: 19.5, features: ["everything_in_free", "ai_enhancement"] });

    expect((await plansForAdmin(db)).find((p) => p.id === "pro")?.price_monthly).toBe(19.5);
    const entitled = await entitlementsFor(db, user);
    expect(entitled.features.has("export_markdown_pdf")).toBe(false);
    expect(entitled.features.has("ai_enhancement")).toBe(true);

    const [entry] = await db.select().from(auditLog).where(eq(auditLog.targetId, "pro"));
    expect(entry).toMatchObject({ actorEmail: OPERATOR.email, action: "plan.updated", targetType: "plan" });
    expect(Object.keys(entry.after ?? {}).sort()).toEqual(["features", "price_monthly"]);
    expect(entry.before).toMatchObject({ price_monthly: 15 });
    expect(entry.summary).toBe("Changed plan Pro: price_monthly, features");
  });

  it("refuses unknown tiers, an unknown plan and deactivating free; writes nothing then", async () => {
    const { db } = t.handle;
    const before = await db.select().from(plans);
    await expect(updatePlan(db, OPERATOR, "pro", PlanPatchBody.parse({ language_tiers: "core, martian" }))).rejects.toMatchObject({
      kind: "unprocessable",
      message: 'Unknown language tier "martian".',
    });
    await expect(updatePlan(db, OPERATOR, "platinum", PlanPatchBody.parse({ price_monthly: 1 }))).rejects.toMatchObject({ kind: "not_found" });
    await expect(updatePlan(db, OPERATOR, "free", PlanPatchBody.parse({ is_active: false }))).rejects.toMatchObject({ kind: "unprocessable" });
    expect(await db.select().from(plans)).toEqual(before);
  });

  it("each Stripe price id names one plan and interval", async () => {
    const { db } = t.handle;
    await expect(updatePlan(db, OPERATOR, "pro", PlanPatchBody.parse({ stripe_price_id_monthly: "price_pro_m", stripe_price_id_annual: "price_pro_a" }))).resolves.toBeDefined();
    await expect(updatePlan(db, OPERATOR, "premium", PlanPatchBody.parse({ stripe_price_id_monthly: "price_pro_a" }))).rejects.toMatchObject({
      kind: "unprocessable",
      message: "price_pro_a is already the annual price of the Pro plan.",
    });
    await expect(updatePlan(db, OPERATOR, "premium", PlanPatchBody.parse({ stripe_price_id_monthly: "price_x", stripe_price_id_annual: "price_x" }))).rejects.toMatchObject({
      kind: "unprocessable",
    });
    // Saving a plan with its own ids again is fine.
    await expect(updatePlan(db, OPERATOR, "pro", PlanPatchBody.parse({ stripe_price_id_monthly: "price_pro_m" }))).resolves.toBeDefined();
  });

  it("an edit that changes nothing writes no audit entry", async () => {
    const { db } = t.handle;
    const count = (await db.select().from(auditLog)).length;
    const [premium] = await db.select().from(plans).where(eq(plans.id, "premium"));
    await expect(updatePlan(db, OPERATOR, "premium", PlanPatchBody.parse({ name: premium.name }))).resolves.toBeDefined();
    await expect(updatePlan(db, OPERATOR, "premium", PlanPatchBody.parse({}))).resolves.toBeDefined();
    expect((await db.select().from(auditLog)).length).toBe(count);
  });
});
