import { sql } from "drizzle-orm";
import type { Database } from "@/lib/db/client";
import { subscriptions, users } from "@/lib/db/schema";
import { BACKENDS, type TestDatabase } from "@/test/support/databases";
import { useTestEnv } from "@/test/support/env";
import type { AdminUser } from "@/lib/api/contract/admin";
import { findAdminUser, listAdminUsers, NO_FILTERS, parseUserFilters, type AdminUserFilters } from "./admin-users";

const at = (iso: string) => new Date(iso);
const minute = (n: number) => at(`2026-01-01T00:${String(n).padStart(2, "0")}:00Z`);

describe("parseUserFilters", () => {
  const parse = (query: string) => parseUserFilters(new URLSearchParams(query));

  it("reads no parameters as no filters", () => {
    expect(parse("")).toEqual(NO_FILTERS);
  });

  it("reads every filter, trims the search text and treats empty values as any", () => {
    expect(parse("q=%20%20Ada%20&plan=pro&status=trialing&active=false&verified=true")).toEqual({
      q: "Ada",
      plan: "pro",
      status: "trialing",
      active: false,
      verified: true,
    });
    expect(parse("status=none&plan=free")).toMatchObject({ status: "none", plan: "free" });
    expect(parse("q=&plan=&status=&active=&verified=")).toEqual(NO_FILTERS);
  });

  it("accepts 200 characters of search text and refuses 201 with a sentence naming q", () => {
    expect(parse(`q=${"a".repeat(200)}`)).toMatchObject({ q: "a".repeat(200) });
    expect(() => parse(`q=${"a".repeat(201)}`)).toThrow(
      expect.objectContaining({ kind: "invalid", message: expect.stringMatching(/^The search text "q" .*200 characters.*\.$/) }),
    );
  });

  it.each([
    ["status=bogus", /"status".*active, trialing, canceled, past_due, unpaid, none\.$/],
    ["active=maybe", /"active" filter must be true or false\.$/],
    ["verified=1", /"verified" filter must be true or false\.$/],
    ["plan=pro;drop", /"plan" filter must be a plan id/],
    [`plan=${"p".repeat(41)}`, /"plan" filter must be a plan id/],
  ])("refuses %s with a sentence naming the parameter", (query, message) => {
    expect(() => parse(query)).toThrow(expect.objectContaining({ kind: "invalid", message: expect.stringMatching(message) }));
  });
});

describe.each(BACKENDS)("admin user list on %s", (_name, open) => {
  useTestEnv({ OPERATOR_EMAILS: "ops@verbatim.test" });
  let t: TestDatabase;
  let db: Database;

  async function addUser(id: string, fields: Partial<typeof users.$inferInsert> & { name: string; email: string }) {
    await db.insert(users).values({ id, emailVerified: true, ...fields });
  }

  /** Newest last; ids are listed newest first in NEWEST_FIRST. */
  async function seedFixtures() {
    await addUser("u-free", { name: "Frida Free", email: "frida@example.com", image: "https://img.example/frida.png", createdAt: minute(1) });
    await addUser("u-trial", { name: "Theo Trial", email: "theo@example.com", createdAt: minute(2) });
    await db.insert(subscriptions).values({
      id: "s-trial",
      userId: "u-trial",
      planId: "pro",
      status: "trialing",
      billingInterval: "annual",
      trialEnd: at("2026-02-01T00:00:00Z"),
    });
    await addUser("u-canceled", { name: "Cora Canceled", email: "cora@example.com", createdAt: minute(3) });
    await db.insert(subscriptions).values({ id: "s-canceled", userId: "u-canceled", planId: "premium", status: "canceled", billingInterval: "monthly" });
    // A running pro subscription and a canceled premium one touched later: the running one shows.
    await addUser("u-percent", { name: "Percy 100% Sure", email: "percy_p@example.com", createdAt: minute(4) });
    await db.insert(subscriptions).values([
      { id: "s-percent-pro", userId: "u-percent", planId: "pro", status: "active", billingInterval: "monthly", updatedAt: at("2026-03-01T00:00:00Z") },
      { id: "s-percent-old", userId: "u-percent", planId: "premium", status: "canceled", billingInterval: "annual", updatedAt: at("2026-04-01T00:00:00Z") },
    ]);
    await addUser("u-inactive", { name: "Ivan Inactive", email: "ivan@example.com", isActive: false, createdAt: minute(5) });
    await addUser("u-unverified", { name: "Una Unverified", email: "una@example.com", emailVerified: false, createdAt: minute(6) });
    // Same creation time as u-operator: the id breaks the tie, so pages never overlap.
    await addUser("u-a-twin", { name: "Twin", email: "twin@example.com", createdAt: minute(7) });
    await addUser("u-operator", { name: "Olga Operator", email: "ops@verbatim.test", isAdmin: true, createdAt: minute(7) });
  }

  const NEWEST_FIRST = ["u-operator", "u-a-twin", "u-unverified", "u-inactive", "u-percent", "u-canceled", "u-trial", "u-free"];

  beforeAll(async () => {
    t = await open();
    db = t.handle.db;
    await seedFixtures();
  });
  afterAll(async () => {
    await t?.close();
  });

  const all = { page: 1, pageSize: 100 };
  const list = (filters: Partial<AdminUserFilters>, page = all) => listAdminUsers(db, { ...NO_FILTERS, ...filters }, page);
  const ids = async (filters: Partial<AdminUserFilters>) => (await list(filters)).users.map((u) => u.id);
  const row = async (id: string) => (await list({})).users.find((u) => u.id === id);

  it("shows a user who never subscribed on the free plan with no subscription fields", async () => {
    const expected: AdminUser = {
      id: "u-free",
      email: "frida@example.com",
      name: "Frida Free",
      picture: "https://img.example/frida.png",
      is_admin: false,
      is_verified: true,
      is_active: true,
      is_operator: false,
      created_at: "2026-01-01T00:01:00.000Z",
      plan_id: "free",
      plan_name: "Free",
      subscription_status: null,
      trial_end: null,
      billing_interval: null,
    };
    expect(await row("u-free")).toEqual(expected);
    expect(await findAdminUser(db, "u-free")).toEqual(expected);
  });

  it("shows a trialing pro user's plan, status, trial end and billing interval", async () => {
    expect(await row("u-trial")).toMatchObject({
      plan_id: "pro",
      plan_name: "Pro",
      subscription_status: "trialing",
      trial_end: "2026-02-01T00:00:00.000Z",
      billing_interval: "annual",
      picture: null,
    });
  });

  it("shows a user whose only subscription is canceled as canceled on the free plan", async () => {
    expect(await row("u-canceled")).toMatchObject({
      plan_id: "free",
      plan_name: "Free",
      subscription_status: "canceled",
      trial_end: null,
      billing_interval: "monthly",
    });
  });

  it("prefers a running subscription over a canceled one changed later", async () => {
    expect(await row("u-percent")).toMatchObject({ plan_id: "pro", plan_name: "Pro", subscription_status: "active", billing_interval: "monthly" });
  });

  it("marks operators from OPERATOR_EMAILS and shows the stored admin flag", async () => {
    expect(await row("u-operator")).toMatchObject({ is_operator: true, is_admin: true });
    expect(await row("u-a-twin")).toMatchObject({ is_operator: false, is_admin: false });
  });

  it("finds one user by id, and nothing for an unknown id", async () => {
    expect(await findAdminUser(db, "u-trial")).toEqual(await row("u-trial"));
    await expect(findAdminUser(db, "nobody")).rejects.toMatchObject({ kind: "not_found", message: "User not found." });
  });

  it("lists users newest first, ties broken by id", async () => {
    const page = await list({});
    expect(page.users.map((u) => u.id)).toEqual(NEWEST_FIRST);
    expect(page).toMatchObject({ total: NEWEST_FIRST.length, page: 1, page_size: 100 });
  });

  it("pages with a total; a page past the end is empty but keeps the total", async () => {
    const second = await list({}, { page: 2, pageSize: 3 });
    expect(second).toMatchObject({ total: 8, page: 2, page_size: 3 });
    expect(second.users.map((u) => u.id)).toEqual(NEWEST_FIRST.slice(3, 6));
    const third = await list({}, { page: 3, pageSize: 3 });
    expect(third.users.map((u) => u.id)).toEqual(NEWEST_FIRST.slice(6));
    expect(await list({}, { page: 4, pageSize: 3 })).toEqual({ users: [], total: 8, page: 4, page_size: 3 });
  });

  it("searches email and name as a case-insensitive substring", async () => {
    expect(await ids({ q: "THEO@Example" })).toEqual(["u-trial"]);
    expect(await ids({ q: "cora can" })).toEqual(["u-canceled"]);
    expect(await ids({ q: "example.com" })).toHaveLength(7);
    expect(await ids({ q: "no such person" })).toEqual([]);
  });

  it("takes % and _ in the search text literally", async () => {
    expect(await ids({ q: "100%" })).toEqual(["u-percent"]);
    expect(await ids({ q: "%" })).toEqual(["u-percent"]);
    expect(await ids({ q: "_" })).toEqual(["u-percent"]);
  });

  it("filters by the plan shown: free includes users who never subscribed and canceled ones", async () => {
    expect(await ids({ plan: "pro" })).toEqual(["u-percent", "u-trial"]);
    expect(await ids({ plan: "free" })).toEqual(["u-operator", "u-a-twin", "u-unverified", "u-inactive", "u-canceled", "u-free"]);
    expect(await ids({ plan: "premium" })).toEqual([]);
    const counted = await list({ plan: "pro" }, { page: 1, pageSize: 1 });
    expect(counted.total).toBe(2);
  });

  it("filters by the shown subscription's status; none means never subscribed", async () => {
    expect(await ids({ status: "none" })).toEqual(["u-operator", "u-a-twin", "u-unverified", "u-inactive", "u-free"]);
    expect(await ids({ status: "trialing" })).toEqual(["u-trial"]);
    expect(await ids({ status: "canceled" })).toEqual(["u-canceled"]);
    expect((await list({ status: "none" }, { page: 1, pageSize: 2 })).total).toBe(5);
  });

  it("filters by active and verified", async () => {
    expect(await ids({ active: false })).toEqual(["u-inactive"]);
    expect(await ids({ verified: false })).toEqual(["u-unverified"]);
    expect(await ids({ active: true })).toHaveLength(7);
  });

  it("combines filters", async () => {
    const page = await list({ q: "example.com", plan: "free", verified: true }, { page: 1, pageSize: 2 });
    expect(page.users.map((u) => u.id)).toEqual(["u-a-twin", "u-inactive"]);
    expect(page.total).toBe(4);
  });
});

const BULK_USERS = 10_000;

/** The bulk seed's rules, restated so the test checks the list against them. */
function bulkSubscription(g: number): { plan: string; status: string } | null {
  if (g % 5 > 1) return null;
  return { plan: g % 2 ? "premium" : "pro", status: ["active", "trialing", "canceled", "past_due"][Math.floor(g / 5) % 4]! };
}

function bulkId(g: number): string {
  return `bulk-${String(g).padStart(5, "0")}`;
}

describe.each(BACKENDS)(`admin user list over ${BULK_USERS} users on %s`, (_name, open) => {
  useTestEnv();
  let t: TestDatabase;

  beforeAll(async () => {
    t = await open();
    const { db } = t.handle;
    await db.execute(sql`
      insert into users (id, name, email, email_verified, created_at)
      select 'bulk-' || lpad(g::text, 5, '0'), 'Bulk ' || g, 'bulk-' || g || '@example.com', true,
             timestamptz '2025-01-01T00:00:00Z' + g * interval '1 minute'
      from generate_series(1, ${BULK_USERS}::int) as g`);
    await db.execute(sql`
      insert into subscriptions (id, user_id, plan_id, status, billing_interval, updated_at)
      select 'bulk-sub-' || g, 'bulk-' || lpad(g::text, 5, '0'),
             case when g % 2 = 1 then 'premium' else 'pro' end,
             (array['active', 'trialing', 'canceled', 'past_due'])[(g / 5) % 4 + 1],
             'monthly', timestamptz '2025-06-01T00:00:00Z'
      from generate_series(1, ${BULK_USERS}::int) as g
      where g % 5 in (0, 1)`);
    // An older canceled subscription beside the current one, for one user in twenty.
    await db.execute(sql`
      insert into subscriptions (id, user_id, plan_id, status, billing_interval, updated_at)
      select 'bulk-old-' || g, 'bulk-' || lpad(g::text, 5, '0'), 'premium', 'canceled', 'annual',
             timestamptz '2025-03-01T00:00:00Z'
      from generate_series(1, ${BULK_USERS}::int) as g
      where g % 20 = 0`);
  });
  afterAll(async () => {
    await t?.close();
  });

  const range = Array.from({ length: BULK_USERS }, (_, i) => BULK_USERS - i);

  it("counts every user and pages the newest first", async () => {
    const page = await listAdminUsers(t.handle.db, NO_FILTERS, { page: 1, pageSize: 25 });
    expect(page.total).toBe(BULK_USERS);
    expect(page.users.map((u) => u.id)).toEqual(range.slice(0, 25).map(bulkId));
    const deep = await listAdminUsers(t.handle.db, NO_FILTERS, { page: 200, pageSize: 25 });
    expect(deep.users.map((u) => u.id)).toEqual(range.slice(199 * 25, 200 * 25).map(bulkId));
  });

  it("counts and orders the users a plan or status filter selects", async () => {
    const running = (g: number) => {
      const sub = bulkSubscription(g);
      return sub && sub.status !== "canceled" ? sub : null;
    };
    const pro = range.filter((g) => running(g)?.plan === "pro");
    const proPage = await listAdminUsers(t.handle.db, { ...NO_FILTERS, plan: "pro" }, { page: 1, pageSize: 25 });
    expect(proPage.total).toBe(pro.length);
    expect(proPage.users.map((u) => u.id)).toEqual(pro.slice(0, 25).map(bulkId));

    const free = range.filter((g) => !running(g)).length;
    expect((await listAdminUsers(t.handle.db, { ...NO_FILTERS, plan: "free" }, { page: 1, pageSize: 1 })).total).toBe(free);

    const canceled = range.filter((g) => bulkSubscription(g)?.status === "canceled").length;
    expect((await listAdminUsers(t.handle.db, { ...NO_FILTERS, status: "canceled" }, { page: 1, pageSize: 1 })).total).toBe(canceled);
    const none = range.filter((g) => !bulkSubscription(g)).length;
    expect((await listAdminUsers(t.handle.db, { ...NO_FILTERS, status: "none" }, { page: 1, pageSize: 1 })).total).toBe(none);
  });
});
