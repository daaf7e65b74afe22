import { randomUUID } from "node:crypto";
import type { Database } from "@/lib/db/client";
import { subscriptions, type User } from "@/lib/db/schema";
import { openDemoCheckout } from "@/lib/billing/demo/demo-checkout";
import { SEATS_RANGE } from "@/lib/billing/seat-count";
import { NOT_PER_SEAT } from "@/lib/billing/plan-changes";
import { BACKENDS, useOpenedDatabase } from "@/test/support/databases";
import { insertUser } from "@/test/support/users";
import { addMember, insertWorkspace } from "@/test/support/workspaces";
import { POST as COMPLETE } from "../../billing/demo/[id]/complete/route";
import { POST } from "./route";

// The session is Better Auth's (end-to-end tests cover it); here only who it returns matters,
// and the routes read the test's database. No Stripe key: the demo provider bills.
const current: { user: Partial<User> | null; database: Database | null } = { user: null, database: null };
jest.mock("@/lib/auth/session", () => ({ currentUser: async () => current.user, currentSpace: async () => null }));
jest.mock("@/lib/db/client", () => ({ ...jest.requireActual("@/lib/db/client"), db: () => current.database }));

type Answer = { status: number; body: { detail?: string; seats?: number; plan_per_seat?: boolean; plan_id?: string } };

async function call(handler: typeof POST, path: string, body?: unknown, params: Record<string, string> = {}): Promise<Answer> {
  const init: RequestInit = { method: "POST", headers: { cookie: "session=test", "content-type": "application/json", origin: "http://localhost:3000" } };
  if (body !== undefined) init.body = typeof body === "string" ? body : JSON.stringify(body);
  const res = await handler(new Request(`http://localhost:3000${path}`, init), { params: Promise.resolve(params) });
  return { status: res.status, body: await res.json() };
}

const as = (userId: string | null) => {
  current.user = userId ? { id: userId, email: `${userId}@example.com`, isActive: true } : null;
};

async function teamOwner(db: Database, seats: number): Promise<string> {
  const userId = await insertUser(db);
  const now = Date.now();
  await db.insert(subscriptions).values({
    id: randomUUID(),
    userId,
    planId: "team",
    status: "active",
    billingInterval: "monthly",
    provider: "demo",
    seats,
    currentPeriodStart: new Date(now),
    currentPeriodEnd: new Date(now + 30 * 86_400_000),
  });
  return userId;
}

describe.each(BACKENDS)("POST /api/subscriptions/seats on %s", (_name, open) => {
  const t = useOpenedDatabase(open);
  beforeAll(() => {
    current.database = t.db;
  });

  it("changes the seats of a running Team subscription and answers the subscription", async () => {
    const owner = await teamOwner(t.db, 3);
    as(owner);
    expect(await call(POST, "/api/subscriptions/seats", { seats: 7 })).toMatchObject({ status: 200, body: { plan_id: "team", plan_per_seat: true, seats: 7 } });
  });

  it.each([
    ["no body", undefined],
    ["a string", { seats: "5" }],
    ["a fraction", { seats: 2.5 }],
    ["zero", { seats: 0 }],
    ["a negative number", { seats: -3 }],
    ["too many", { seats: 501 }],
    ["null", { seats: null }],
    ["an array", [5]],
  ])("refuses %s with a sentence (422), changing nothing", async (_label, body) => {
    const owner = await teamOwner(t.db, 3);
    as(owner);
    const answer = await call(POST, "/api/subscriptions/seats", body);
    expect(answer.status).toBe(422);
    expect(answer.body.detail).toMatch(/seats|must be a JSON object/);
    if (body && !Array.isArray(body)) expect(answer.body.detail).toBe(SEATS_RANGE);
  });

  it("refuses malformed JSON (400) and a stranger (401)", async () => {
    as(await teamOwner(t.db, 3));
    expect((await call(POST, "/api/subscriptions/seats", "{seats: 4")).status).toBe(400);
    as(null);
    expect((await call(POST, "/api/subscriptions/seats", { seats: 4 })).status).toBe(401);
  });

  it("refuses without a per-seat subscription (409) and below the members (422), with the sentence", async () => {
    as(await insertUser(t.db));
    expect(await call(POST, "/api/subscriptions/seats", { seats: 4 })).toEqual({ status: 409, body: { detail: "You have no running subscription." } });
    as(await insertUser(t.db, "premium"));
    expect(await call(POST, "/api/subscriptions/seats", { seats: 4 })).toEqual({ status: 409, body: { detail: NOT_PER_SEAT } });

    const owner = await teamOwner(t.db, 5);
    const ws = await insertWorkspace(t.db, owner);
    for (let i = 0; i < 4; i++) await addMember(t.db, ws, await insertUser(t.db), "member");
    as(owner);
    expect(await call(POST, "/api/subscriptions/seats", { seats: 3 })).toMatchObject({
      status: 422,
      body: { detail: "You have 5 members; remove members before going below 5 seats.", seats: { needed: 5 } },
    });
  });
});

describe.each(BACKENDS)("POST /api/billing/demo/[id]/complete with seats on %s", (_name, open) => {
  const t = useOpenedDatabase(open);
  beforeAll(() => {
    current.database = t.db;
  });

  it("buys the seats chosen on the test checkout page; a bad number is a sentence and leaves the checkout open", async () => {
    const buyer = await insertUser(t.db);
    as(buyer);
    const id = await openDemoCheckout(t.db, buyer, "team", "monthly", 0);
    const path = `/api/billing/demo/${id}/complete`;
    expect(await call(COMPLETE, path, { seats: 1000 }, { id })).toEqual({ status: 422, body: { detail: SEATS_RANGE } });
    expect(await call(COMPLETE, path, { seats: 4 }, { id })).toMatchObject({ status: 200, body: { plan_id: "team" } });
    const [row] = (await t.db.select().from(subscriptions)).filter((s) => s.userId === buyer);
    expect(row).toMatchObject({ planId: "team", seats: 4 });
  });

  it("a plan not sold per seat completes without a body, as before", async () => {
    const buyer = await insertUser(t.db);
    as(buyer);
    const id = await openDemoCheckout(t.db, buyer, "pro", "monthly", 0);
    expect(await call(COMPLETE, `/api/billing/demo/${id}/complete`, undefined, { id })).toMatchObject({ status: 200, body: { plan_id: "pro" } });
  });
});
