import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { plans, subscriptions } from "@/lib/db/schema";
import { BACKENDS, type TestDatabase } from "@/test/support/databases";
import { insertUser } from "@/test/support/users";
import { addMember, insertWorkspace } from "@/test/support/workspaces";
import { demoBilling } from "./demo/demo-provider";
import { proratedSeats, quoteSeats } from "./seats-quote";

const DAY_MS = 86_400_000;
const START = new Date("2026-12-01T00:00:00Z");
const END = new Date("2026-12-31T00:00:00Z");

describe.each(BACKENDS)("what a seats change would cost, said before it is made, on %s", (_name, open) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await open();
  });
  afterAll(async () => {
    await t?.close();
  });

  async function owner(seats: number, status: "active" | "trialing" = "active") {
    const userId = await insertUser(t.handle.db);
    await t.handle.db.insert(subscriptions).values({
      id: randomUUID(), userId, planId: "team", status, billingInterval: "monthly", provider: "demo", seats,
      currentPeriodStart: START, currentPeriodEnd: END, trialEnd: status === "trialing" ? new Date("2026-12-08T00:00:00Z") : null,
    });
    return userId;
  }

  it("more seats: the difference for what is left of the period now, then the new monthly price", async () => {
    const [team] = await t.handle.db.select().from(plans).where(eq(plans.id, "team"));
    const price = Number(team.priceMonthly);
    const userId = await owner(3);
    // A third of the period left: two more seats cost two thirds of a seat's month.
    const now = new Date(START.getTime() + 20 * DAY_MS);
    const quote = await quoteSeats(t.handle.db, demoBilling, userId, 5, now);
    const due = Math.round(2 * price * (10 / 30) * 100) / 100;
    expect(quote).toEqual({ seats: 5, sentence: `2 more seats cost $${due.toFixed(2)} now, prorated to 31 December 2026; then you pay $${price * 5} per month for 5 seats.` });
    expect((await quoteSeats(t.handle.db, demoBilling, userId, 4, now)).sentence).toMatch(/^1 more seat costs \$\d+\.\d\d now/);
    // Nothing was changed.
    const [row] = await t.handle.db.select({ seats: subscriptions.seats }).from(subscriptions).where(eq(subscriptions.userId, userId));
    expect(row.seats).toBe(3);
  });

  it("fewer seats, the same seats, a trial; and fewer than the people in the workspaces is refused as the change would be", async () => {
    const [team] = await t.handle.db.select().from(plans).where(eq(plans.id, "team"));
    const price = Number(team.priceMonthly);
    const userId = await owner(4);
    expect((await quoteSeats(t.handle.db, demoBilling, userId, 2)).sentence).toBe(`Fewer seats take effect now, with no refund for this month; you will pay $${price * 2} per month for 2 seats from 31 December 2026.`);
    expect((await quoteSeats(t.handle.db, demoBilling, userId, 4)).sentence).toBe("Your plan already has 4 seats.");
    const ws = await insertWorkspace(t.handle.db, userId);
    await addMember(t.handle.db, ws, await insertUser(t.handle.db), "member");
    await addMember(t.handle.db, ws, await insertUser(t.handle.db), "viewer");
    await expect(quoteSeats(t.handle.db, demoBilling, userId, 1)).rejects.toMatchObject({ kind: "unprocessable", message: "You have 2 members; remove members before going below 2 seats." });
    const trialing = await owner(3, "trialing");
    expect((await quoteSeats(t.handle.db, demoBilling, trialing, 6)).sentence).toBe(`Nothing is charged during the trial; you will pay $${price * 6} per month for 6 seats from 8 December 2026.`);
    await expect(quoteSeats(t.handle.db, demoBilling, await insertUser(t.handle.db), 3)).rejects.toMatchObject({ kind: "conflict", message: "You have no running subscription." });
  });
});

test("the prorated price: none for fewer seats, the whole price at the period's start, nothing at its end", () => {
  const current = { seats: 3, currentPeriodStart: START, currentPeriodEnd: END };
  expect(proratedSeats(current, 20, 2, START)).toBe(0);
  expect(proratedSeats(current, 20, 5, START)).toBe(40);
  expect(proratedSeats(current, 20, 5, END)).toBe(0);
  expect(proratedSeats(current, 20, 4, new Date(START.getTime() + 15 * DAY_MS))).toBe(10);
});
