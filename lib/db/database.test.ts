import { eq, sql } from "drizzle-orm";
import { PLAN_SEED } from "@/lib/billing/catalog";
import { acrossMigration } from "@/test/support/migrations";
import { BACKENDS, type TestDatabase } from "@/test/support/databases";
import { openDatabase, queryRows } from "./client";
import { migrateAndSeed } from "@/lib/db-setup/migrate";
import { catalogueCounts, seed } from "@/lib/db-setup/seed";
import { languageTiers, plans, settings } from "./schema";

describe.each(BACKENDS)("database on %s", (_name, open) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await open();
  });
  afterAll(async () => {
    await t?.close();
  });

  it("creates every table the product needs", async () => {
    const tables = await queryRows<{ table_name: string }>(
      t.handle.db,
      sql`select table_name from information_schema.tables where table_schema = 'public'`,
    );
    const names = tables.map((r) => r.table_name);
    expect(names).toEqual(
      expect.arrayContaining([
        "users", "sessions", "accounts", "verifications", "plans", "language_tiers",
        "subscriptions", "billing_events", "settings", "processed_webhook_events", "usage",
      ]),
    );
    const columns = await queryRows<{ column_name: string }>(
      t.handle.db,
      sql`select column_name from information_schema.columns where table_name = 'users'`,
    );
    expect(columns.map((c) => c.column_name)).toEqual(
      expect.arrayContaining(["is_admin", "is_active", "onboarding_seen_at", "stripe_customer_id"]),
    );
  });

  it("seeds the five plans with the spec's hours (Team priced per seat)", async () => {
    const rows = await t.handle.db.select().from(plans).orderBy(plans.sortOrder);
    expect(rows.map((p) => p.id)).toEqual(["free", "pro", "premium", "team", "enterprise"]);
    const byId = Object.fromEntries(rows.map((p) => [p.id, p]));
    expect(byId.pro.hoursPerMonth).toBe(16);
    expect(byId.premium.hoursPerMonth).toBe(50);
    expect(byId.free.hoursPerMonth).toBeGreaterThan(0);
    expect(byId.enterprise.checkoutEnabled).toBe(false);
    expect(byId.pro.priceMonthly).toBeGreaterThan(0);
    expect(typeof byId.pro.priceAnnual).toBe("number");
  });

  it("gives the seeded plans what the plan-change rules read: one default plan, ranks, the modal's plans", async () => {
    const rows = await t.handle.db.select().from(plans).orderBy(plans.rank);
    expect(rows.map((p) => [p.id, p.rank, p.isDefault, p.inOnboardingModal])).toEqual(PLAN_SEED.map((p) => [p.id, p.rank, p.isDefault, p.inOnboardingModal]));
    await expect(t.handle.db.update(plans).set({ isDefault: true }).where(eq(plans.id, "pro"))).rejects.toThrow();
  });

  it("gives pro 33 languages and premium 97 through their tiers", async () => {
    const tiers = await t.handle.db.select().from(languageTiers);
    const languagesOf = async (planId: string) => {
      const [plan] = await t.handle.db.select().from(plans).where(eq(plans.id, planId));
      const codes = new Set<string>();
      for (const tier of tiers.filter((x) => plan.languageTiers.includes(x.id))) {
        for (const code of Object.keys(tier.languages)) codes.add(code);
      }
      return codes;
    };
    expect((await languagesOf("pro")).size).toBe(33);
    expect((await languagesOf("premium")).size).toBe(97);
    const free = await languagesOf("free");
    expect(free.has("en")).toBe(true);
    expect(free.size).toBeLessThan(33);
  });

  it("seeds the settings that drive behaviour", async () => {
    const keys = (await t.handle.db.select().from(settings)).map((s) => s.key);
    expect(keys).toEqual(
      expect.arrayContaining(["max_upload_mb", "trial_days", "signup_enabled", "support_email"]),
    );
  });

  it("is idempotent and keeps operators' edits when run again", async () => {
    await t.handle.db.update(plans).set({ priceMonthly: 99.5 }).where(eq(plans.id, "pro"));
    await migrateAndSeed(t.handle, t.url);
    await migrateAndSeed(t.handle, t.url);
    expect(await catalogueCounts(t.handle.db)).toEqual({ plans: 5, languageTiers: 3, settings: 4 });
    const [pro] = await t.handle.db.select().from(plans).where(eq(plans.id, "pro"));
    expect(pro.priceMonthly).toBe(99.5);
  });
});

describe("the plan-rules migration on an install seeded before it", () => {
  it("sets is_default, rank and in_onboarding_modal of the seeded plans by id", async () => {
    await acrossMigration(
      "0005",
      async (handle) => {
        await handle.db.execute(sql`insert into plans (id, name) values ('free', 'Free'), ('pro', 'Pro'), ('premium', 'Premium'), ('enterprise', 'Enterprise'), ('team', 'Team')`);
      },
      async (handle) => {
        const rows = await handle.db.select().from(plans).orderBy(plans.id);
        expect(Object.fromEntries(rows.map((p) => [p.id, [p.rank, p.isDefault, p.inOnboardingModal]]))).toEqual({
          enterprise: [3, false, false],
          free: [0, true, false],
          premium: [2, false, true],
          pro: [1, false, true],
          team: [0, false, false],
        });
      },
    );
  });
});

describe("the teams migration on an install seeded before it", () => {
  it("adds the Team plan (per seat) through the seed and moves an unchanged Enterprise above it", async () => {
    await acrossMigration(
      "0024",
      async (handle) => {
        // The catalogue as seeded before Team; an operator has moved Pro's card to the end.
        await handle.db.execute(sql`insert into plans (id, name, rank, sort_order, is_default, checkout_enabled) values
          ('free', 'Free', 0, 0, true, false), ('pro', 'Pro', 1, 9, false, true), ('premium', 'Premium', 2, 2, false, true), ('enterprise', 'Enterprise', 3, 3, false, false)`);
      },
      async (handle) => {
        await seed(handle.db);
        const rows = await handle.db.select().from(plans);
        expect(Object.fromEntries(rows.map((p) => [p.id, [p.rank, p.sortOrder, p.perSeat]]))).toEqual({
          free: [0, 0, false],
          pro: [1, 9, false],
          premium: [2, 2, false],
          team: [3, 3, true],
          enterprise: [4, 4, false],
        });
      },
    );
  });
});

describe("embedded PGlite", () => {
  it("keeps its memory small: 8 MB of shared buffers (the default 128 MB sat in the app's resident memory), arrays for 4 connections", async () => {
    const handle = openDatabase({ dataDir: "memory://" });
    try {
      const setting = async (name: string) => (await queryRows<{ setting: string }>(handle.db, sql`select current_setting(${name}) as setting`))[0].setting;
      expect(await setting("shared_buffers")).toBe("8MB");
      expect(await setting("max_connections")).toBe("4");
      expect(await setting("max_wal_senders")).toBe("0");
      expect(await setting("autovacuum_max_workers")).toBe("1");
    } finally {
      await handle.close();
    }
  });
});
