import { randomUUID } from "node:crypto";
import { createReadStream } from "node:fs";
import path from "node:path";
import { Readable } from "node:stream";
import { and, eq, inArray } from "drizzle-orm";
import type { Database } from "@/lib/db/client";
import { plans, subscriptions, usage, workspaceInvitations, workspaceMembers } from "@/lib/db/schema";
import { createTranscription } from "@/lib/transcription/create";
import { cancelTranscription } from "@/lib/transcription/queue";
import { receiveChunks, startRecording, stopRecording } from "@/lib/recordings/recording";
import { LIVE_CHUNK_BYTES } from "@/lib/recordings/store/pcm-chunks";
import { BACKENDS, useOpenedDatabase } from "@/test/support/databases";
import { useTestEnv } from "@/test/support/env";
import { addMember, insertWorkspace } from "@/test/support/workspaces";
import { insertUser } from "@/test/support/users";
import { completeDemoCheckout, openDemoCheckout } from "./demo/demo-checkout";
import { billingEventsOf } from "./billing-history";
import { demoBilling } from "./demo/demo-provider";
import { entitlementsFor, trialHoursNote } from "./entitlements";
import { requireOperation } from "./feature-refusal";
import { billedUserOf, payerOf, payerOfTranscription } from "./payer";
import { NOT_PER_SEAT, changeSeats, startCheckout } from "./plan-changes";
import { SEATS_RANGE } from "./seat-count";
import { assertSeatFree, assertSeatsCover, defaultSeats, holdSeatForInvitation, holdSeatForPromotion, mayCreateWorkspace, seatLimit, seatsTaken } from "./seats";

const JFK = path.resolve(__dirname, "../../test/fixtures/audio/jfk.wav");
const DAY_MS = 86_400_000;
const NO_LANGUAGE_NOTE = async () => ({ count: 0, note: null });

/** A user on a running Team subscription with this many seats. */
async function teamOwner(db: Database, seats: number, provider: "demo" | "stripe" = "demo"): Promise<string> {
  const userId = await insertUser(db);
  const now = new Date();
  await db.insert(subscriptions).values({
    id: randomUUID(),
    userId,
    planId: "team",
    status: "active",
    billingInterval: "monthly",
    provider,
    seats,
    currentPeriodStart: now,
    currentPeriodEnd: new Date(now.getTime() + 30 * DAY_MS),
  });
  return userId;
}

async function invite(db: Database, workspaceId: string, inviterId: string, expiresInDays = 7, status = "pending", role = "member"): Promise<string> {
  const id = randomUUID();
  await db.insert(workspaceInvitations).values({
    id,
    workspaceId: workspaceId,
    email: `${id}@example.com`,
    role,
    status,
    expiresAt: new Date(Date.now() + expiresInDays * DAY_MS),
    inviterId,
  });
  return id;
}

const reason = (p: Promise<unknown>) => p.then(() => null, (e: unknown) => e);
const usedBy = async (db: Database, userId: string) =>
  (await db.select({ s: usage.secondsUsed }).from(usage).where(eq(usage.userId, userId))).reduce((sum, r) => sum + r.s, 0);

describe.each(BACKENDS)("Team billing on %s", (_name, open) => {
  useTestEnv({ TRANSCRIBE_ENGINE: "sphinx" });
  const t = useOpenedDatabase(open);

  it("the seed sells Team per seat, between Premium and Enterprise", async () => {
    const rows = await t.db.select().from(plans);
    const byId = new Map(rows.map((p) => [p.id, p]));
    expect(byId.get("team")).toMatchObject({ perSeat: true, checkoutEnabled: true, isActive: true, rank: 3, priceMonthly: 20, priceAnnual: 192, hoursPerMonth: 40 });
    expect([byId.get("premium")?.rank, byId.get("enterprise")?.rank]).toEqual([2, 4]);
    expect(rows.filter((p) => p.id !== "team").every((p) => !p.perSeat)).toBe(true);
  });

  it("a per-seat plan's hours are the plan's hours × seats; other plans ignore seats", async () => {
    const owner = await teamOwner(t.db, 5);
    const e = await entitlementsFor(t.db, owner);
    expect([e.planId, e.perSeat, e.seats, e.secondsPerPeriod]).toEqual(["team", true, 5, 5 * 40 * 3600]);
    expect(e.features.has("team_management")).toBe(true);
    expect(e.features.has("advanced_ai_formatting")).toBe(true);

    const pro = await insertUser(t.db, "pro");
    await t.db.update(subscriptions).set({ seats: 9 }).where(eq(subscriptions.userId, pro));
    const p = await entitlementsFor(t.db, pro);
    expect([p.seats, p.secondsPerPeriod]).toEqual([1, 16 * 3600]);
  });

  it("a trial gives one seat's hours, however many seats it started with (seats are paid for once it ends)", async () => {
    const owner = await teamOwner(t.db, 500);
    await t.db.update(subscriptions).set({ status: "trialing" }).where(eq(subscriptions.userId, owner));
    const e = await entitlementsFor(t.db, owner);
    expect([e.seats, e.secondsPerPeriod]).toEqual([500, 40 * 3600]);
    // Where the hours are shown, the trial says why, and when the rest arrive.
    expect(trialHoursNote(e)).toBeNull();
    await t.db.update(subscriptions).set({ trialEnd: new Date("2026-12-06T10:00:00Z") }).where(eq(subscriptions.userId, owner));
    expect(trialHoursNote(await entitlementsFor(t.db, owner))).toBe("The trial gives one seat's hours; the hours of all 500 seats arrive when it ends on 6 December 2026.");
    await t.db.update(subscriptions).set({ status: "active" }).where(eq(subscriptions.userId, owner));
    expect(trialHoursNote(await entitlementsFor(t.db, owner))).toBeNull();
  });

  it("the payer of a workspace is its owner; of the personal space, the user", async () => {
    const owner = await teamOwner(t.db, 3);
    const member = await insertUser(t.db);
    const ws = await insertWorkspace(t.db, owner);
    await addMember(t.db, ws, member, "member");
    expect(await payerOf(t.db, { userId: member, workspaceId: ws })).toBe(owner);
    expect(await payerOf(t.db, { userId: member, workspaceId: null })).toBe(member);
    expect(await payerOf(t.db, { userId: member })).toBe(member);
    expect(await payerOfTranscription(t.db, { userId: member, workspaceId: ws })).toBe(owner);
    expect(billedUserOf({ userId: member, billedUserId: null })).toBe(member);
    expect(billedUserOf({ userId: member, billedUserId: owner })).toBe(owner);
    // In the workspace the member has the owner's languages (Team: all tiers); alone, the free plan's.
    expect(Object.keys((await entitlementsFor(t.db, await payerOf(t.db, { userId: member, workspaceId: ws }))).languages)).toContain("sw");
    expect(Object.keys((await entitlementsFor(t.db, member)).languages)).not.toContain("sw");
  });

  it("an upload into a workspace is reserved against its owner's hours, and a cancel refunds the owner", async () => {
    const owner = await teamOwner(t.db, 2);
    const member = await insertUser(t.db);
    const ws = await insertWorkspace(t.db, owner);
    await addMember(t.db, ws, member, "member");
    const body = () => Readable.toWeb(createReadStream(JFK)) as ReadableStream<Uint8Array>;
    const created = await createTranscription(t.db, { userId: member, workspaceId: ws, body: body(), declaredBytes: null, filename: "jfk.wav", contentType: "audio/wav", language: null, source: "upload" });
    expect([created.userId, created.workspaceId, created.billedUserId]).toEqual([member, ws, owner]);
    const ownerE = await entitlementsFor(t.db, owner);
    expect(created.usagePeriodStart).toEqual(ownerE.period.start);
    expect(await usedBy(t.db, owner)).toBe(created.reservedSeconds);
    expect(await usedBy(t.db, member)).toBe(0);
    // The owner's meter counts the workspace with their own uploads.
    const mine = await createTranscription(t.db, { userId: owner, body: body(), declaredBytes: null, filename: "own.wav", contentType: "audio/wav", language: null, source: "upload" });
    expect(mine.billedUserId).toBe(owner);
    expect((await entitlementsFor(t.db, owner)).secondsUsed).toBe(created.reservedSeconds + mine.reservedSeconds);

    expect(await cancelTranscription(t.db, created.id, member)).toBe(true);
    expect(await usedBy(t.db, owner)).toBe(mine.reservedSeconds);
    expect(await usedBy(t.db, member)).toBe(0);
  });

  it("a recording in a workspace uses the owner's gates and hours: a free member records there, the owner pays", async () => {
    const owner = await teamOwner(t.db, 1);
    const member = await insertUser(t.db);
    const ws = await insertWorkspace(t.db, owner);
    await addMember(t.db, ws, member, "member");
    // Alone, the free member may not record a tab; in the Team workspace they may.
    await expect(startRecording(t.db, member, { title: "Tab", language: "en", mode: "tab-mic" })).rejects.toMatchObject({ kind: "forbidden" });
    const started = await startRecording(t.db, member, { title: "Tab", language: "en", mode: "tab-mic", workspaceId: ws });
    expect([started.transcription.workspaceId, started.transcription.billedUserId]).toEqual([ws, owner]);
    expect(started.allowanceS).toBe(40 * 3600);
    await receiveChunks(t.db, member, started.transcription.id, 0, Buffer.alloc(8 * LIVE_CHUNK_BYTES));
    const reserved = await usedBy(t.db, owner);
    expect(reserved).toBeGreaterThan(0);
    expect(await usedBy(t.db, member)).toBe(0);
    const stopped = await stopRecording(t.db, member, started.transcription.id);
    expect(stopped).toMatchObject({ status: "queued", billedUserId: owner });
    // A cancel gives the time back to the owner who paid for it.
    expect(await cancelTranscription(t.db, started.transcription.id, member)).toBe(true);
    expect(await usedBy(t.db, owner)).toBe(0);
  });

  it("an upload into the workspace of an owner whose hours are spent is refused with the owner's plan", async () => {
    const owner = await teamOwner(t.db, 1);
    const member = await insertUser(t.db, "premium");
    const ws = await insertWorkspace(t.db, owner);
    await addMember(t.db, ws, member, "member");
    const e = await entitlementsFor(t.db, owner);
    await t.db.insert(usage).values({ userId: owner, periodStart: e.period.start, secondsUsed: e.secondsPerPeriod ?? 0 });
    const body = Readable.toWeb(createReadStream(JFK)) as ReadableStream<Uint8Array>;
    const refused = await reason(createTranscription(t.db, { userId: member, workspaceId: ws, body, declaredBytes: null, filename: "jfk.wav", contentType: "audio/wav", language: null, source: "upload" }));
    expect(refused).toMatchObject({ kind: "forbidden" });
    expect((refused as Error).message).toContain("Team");
  });

  it("seat limits: Team's seats, no limit for Enterprise, none without team management", async () => {
    const team = await teamOwner(t.db, 4);
    expect(await seatLimit(t.db, team)).toBe(4);
    const enterprise = await insertUser(t.db);
    await t.db.insert(subscriptions).values({ id: randomUUID(), userId: enterprise, planId: "enterprise", status: "active", billingInterval: "annual" });
    expect(await seatLimit(t.db, enterprise)).toBe(Number.POSITIVE_INFINITY);
    expect(await seatLimit(t.db, await insertUser(t.db, "premium"))).toBe(0);
    expect(await seatLimit(t.db, await insertUser(t.db))).toBe(0);
  });

  it("members and pending, unexpired invitations take seats; expired and answered invitations do not", async () => {
    const owner = await teamOwner(t.db, 4);
    const ws = await insertWorkspace(t.db, owner);
    await addMember(t.db, ws, await insertUser(t.db), "member");
    await invite(t.db, ws, owner, -1); // expired
    await invite(t.db, ws, owner, 7, "rejected");
    await invite(t.db, ws, owner, 7, "canceled");
    expect(await seatsTaken(t.db, owner)).toEqual({ members: 2, invitations: 0 });
    await expect(assertSeatFree(t.db, ws, { role: "member" })).resolves.toBeUndefined();

    const pending = await invite(t.db, ws, owner);
    await expect(assertSeatFree(t.db, ws, { role: "member" })).resolves.toBeUndefined();
    await invite(t.db, ws, owner);
    expect(await seatsTaken(t.db, owner)).toEqual({ members: 2, invitations: 2 });
    // 2 members + 2 pending = 4 seats: the fifth person cannot be invited…
    await expect(assertSeatFree(t.db, ws, { role: "member", actorId: owner })).rejects.toMatchObject({
      kind: "forbidden",
      message: "Your Team plan has 4 seats and all are taken. Add seats on your Account page to invite more people, or invite them as viewers (viewers are free).",
      data: { seats: { limit: 4, members: 2, invitations: 2 } },
    });
    // …an admin is told who can add seats…
    await expect(assertSeatFree(t.db, ws, { role: "member" })).rejects.toMatchObject({
      message: "This workspace's Team plan has 4 seats and all are taken. Its owner can add seats on their Account page.",
    });
    // …but a pending invitation being accepted already holds its seat.
    await expect(assertSeatFree(t.db, ws, { role: "member", acceptingInvitationId: pending })).resolves.toBeUndefined();
  });

  it("ten invitations at once with 2 seats free, sent as Better Auth sends them (check, write, then the seat held): 2 are kept, 8 withdrawn with the sentence", async () => {
    const owner = await teamOwner(t.db, 6);
    const ws = await insertWorkspace(t.db, owner);
    for (let i = 0; i < 3; i++) await addMember(t.db, ws, await insertUser(t.db), "member");
    // Better Auth's invite-member: beforeCreateInvitation, its own insert, then sendInvitationEmail — three steps, no transaction.
    const inviteAsBetterAuth = async () => {
      await assertSeatFree(t.db, ws, { role: "member", actorId: owner });
      const id = await invite(t.db, ws, owner);
      const refusal = await t.db.transaction((tx) => holdSeatForInvitation(tx, { id, workspaceId: ws, role: "member" }, owner));
      if (refusal) throw refusal;
      return id;
    };
    const settled = await Promise.allSettled(Array.from({ length: 10 }, inviteAsBetterAuth));
    const kept = settled.flatMap((s) => (s.status === "fulfilled" ? [s.value] : []));
    expect(kept).toHaveLength(2);
    for (const s of settled) {
      if (s.status === "rejected") expect(s.reason).toMatchObject({ kind: "forbidden", message: "Your Team plan has 6 seats and all are taken. Add seats on your Account page to invite more people, or invite them as viewers (viewers are free)." });
    }
    expect(await seatsTaken(t.db, owner)).toEqual({ members: 4, invitations: 2 });
    const pending = await t.db.select({ id: workspaceInvitations.id }).from(workspaceInvitations).where(and(eq(workspaceInvitations.workspaceId, ws), eq(workspaceInvitations.status, "pending")));
    expect(pending.map((p) => p.id).sort()).toEqual([...kept].sort());
  });

  it("five viewers made members at once with 2 seats free, as Better Auth does it (check, update, then the seat held): 2 keep the role, 3 are viewers again with the sentence", async () => {
    const owner = await teamOwner(t.db, 4);
    const ws = await insertWorkspace(t.db, owner);
    await addMember(t.db, ws, await insertUser(t.db), "member");
    const viewers = await Promise.all(Array.from({ length: 5 }, async () => {
      const id = randomUUID();
      await t.db.insert(workspaceMembers).values({ id, workspaceId: ws, userId: await insertUser(t.db), role: "viewer" });
      return id;
    }));
    const promoteAsBetterAuth = async (memberId: string) => {
      await assertSeatFree(t.db, ws, { role: "member" });
      await t.db.update(workspaceMembers).set({ role: "member" }).where(eq(workspaceMembers.id, memberId));
      const refusal = await holdSeatForPromotion(t.db, { id: memberId, workspaceId: ws, role: "member" });
      if (refusal) throw refusal;
    };
    const settled = await Promise.allSettled(viewers.map(promoteAsBetterAuth));
    expect(settled.filter((s) => s.status === "fulfilled")).toHaveLength(2);
    for (const s of settled) {
      if (s.status === "rejected") expect(s.reason).toMatchObject({ kind: "forbidden", message: "This workspace's Team plan has 4 seats and all are taken. Its owner can add seats on their Account page." });
    }
    const roles = await t.db.select({ role: workspaceMembers.role }).from(workspaceMembers).where(inArray(workspaceMembers.id, viewers));
    expect(roles.map((r) => r.role).sort()).toEqual(["member", "member", "viewer", "viewer", "viewer"]);
    expect(await seatsTaken(t.db, owner)).toEqual({ members: 4, invitations: 0 });
  });

  it("a promotion held back for its seat leaves alone a role change made meanwhile", async () => {
    const owner = await teamOwner(t.db, 4);
    const ws = await insertWorkspace(t.db, owner);
    const id = randomUUID();
    await t.db.insert(workspaceMembers).values({ id, workspaceId: ws, userId: await insertUser(t.db), role: "member" });
    // Better Auth made them a member; before its after-hook runs, the owner makes them a viewer again.
    await t.db.update(workspaceMembers).set({ role: "viewer" }).where(eq(workspaceMembers.id, id));
    expect(await holdSeatForPromotion(t.db, { id, workspaceId: ws, role: "member" })).toBeNull();
    const [row] = await t.db.select({ role: workspaceMembers.role }).from(workspaceMembers).where(eq(workspaceMembers.id, id));
    expect(row.role).toBe("viewer");
  });

  it("seats are counted across every workspace an owner has, each person once", async () => {
    const owner = await teamOwner(t.db, 2);
    const a = await insertWorkspace(t.db, owner, "A");
    const b = await insertWorkspace(t.db, owner, "B");
    const both = await insertUser(t.db);
    await addMember(t.db, a, both, "member");
    await addMember(t.db, b, both, "viewer");
    expect(await seatsTaken(t.db, owner)).toEqual({ members: 2, invitations: 0 });
    await expect(assertSeatFree(t.db, b, { role: "member" })).rejects.toMatchObject({ kind: "forbidden" });
  });

  it("viewers are free: viewer members and viewer invitations take no seat, and a viewer can join a full workspace; only a plan with team workspaces lets them in", async () => {
    const owner = await teamOwner(t.db, 2);
    const ws = await insertWorkspace(t.db, owner);
    await addMember(t.db, ws, await insertUser(t.db), "member");
    for (let i = 0; i < 3; i++) await addMember(t.db, ws, await insertUser(t.db), "viewer");
    const client = await invite(t.db, ws, owner, 7, "pending", "viewer");
    expect(await seatsTaken(t.db, owner)).toEqual({ members: 2, invitations: 0 });
    await expect(assertSeatFree(t.db, ws, { role: "member", actorId: owner })).rejects.toMatchObject({ kind: "forbidden" });
    await expect(assertSeatFree(t.db, ws, { role: "viewer", actorId: owner })).resolves.toBeUndefined();
    await expect(assertSeatFree(t.db, ws, { role: "viewer", acceptingInvitationId: client })).resolves.toBeUndefined();
    const lapsed = await insertUser(t.db, "premium");
    await expect(assertSeatFree(t.db, await insertWorkspace(t.db, lapsed), { role: "viewer", actorId: lapsed })).rejects.toMatchObject({ kind: "forbidden" });
  });

  it("an owner who lost team management lets nobody new in, and an Enterprise workspace has no seat limit", async () => {
    const owner = await insertUser(t.db, "premium");
    const ws = await insertWorkspace(t.db, owner);
    await expect(assertSeatFree(t.db, ws, { role: "member", actorId: owner })).rejects.toMatchObject({
      kind: "forbidden",
      message: "Your Premium plan does not include team workspaces. Subscribe to a plan with team management to invite people.",
    });
    await expect(assertSeatFree(t.db, ws, { role: "member" })).rejects.toMatchObject({ kind: "forbidden", message: expect.stringContaining("no longer has a plan with team workspaces") });
    await expect(assertSeatFree(t.db, randomUUID(), { role: "member" })).rejects.toMatchObject({ kind: "not_found" });

    const big = await insertUser(t.db);
    await t.db.insert(subscriptions).values({ id: randomUUID(), userId: big, planId: "enterprise", status: "active", billingInterval: "annual" });
    const bigWs = await insertWorkspace(t.db, big);
    for (let i = 0; i < 3; i++) await invite(t.db, bigWs, big);
    await expect(assertSeatFree(t.db, bigWs, { role: "member" })).resolves.toBeUndefined();
  });

  it("who may create a workspace comes from the gate table, with its standard refusal", async () => {
    expect(await mayCreateWorkspace(t.db, await teamOwner(t.db, 1))).toBe(true);
    const premium = await insertUser(t.db, "premium");
    expect(await mayCreateWorkspace(t.db, premium)).toBe(false);
    await expect(requireOperation(t.db, await entitlementsFor(t.db, premium), "team_workspaces")).rejects.toMatchObject({
      kind: "forbidden",
      message: "Team workspaces are not included in your Premium plan. Upgrade to Team to use them.",
      data: { upgrade: { feature: "team_management", plans: ["team"] } },
    });
  });

  it("refusals of single-user features still offer single-user plans, not Team", async () => {
    const free = await insertUser(t.db);
    await expect(requireOperation(t.db, await entitlementsFor(t.db, free), "export_pdf")).rejects.toMatchObject({
      message: "PDF export is not included in your Free plan. Upgrade to Pro or Premium to use it.",
    });
  });

  it("seats go down only to the people the workspaces hold, pending invitations included", async () => {
    const owner = await teamOwner(t.db, 8);
    const ws = await insertWorkspace(t.db, owner);
    for (let i = 0; i < 4; i++) await addMember(t.db, ws, await insertUser(t.db), "member");
    await expect(assertSeatsCover(t.db, owner, 4)).rejects.toMatchObject({
      kind: "unprocessable",
      message: "You have 5 members; remove members before going below 5 seats.",
    });
    await expect(assertSeatsCover(t.db, owner, 5)).resolves.toBeUndefined();
    await invite(t.db, ws, owner);
    await expect(changeSeats(t.db, demoBilling, owner, 5)).rejects.toMatchObject({
      kind: "unprocessable",
      message: "You have 5 members and 1 pending invitation; remove members or revoke invitations before going below 6 seats.",
    });
    // The demo provider writes the change through the same snapshot path as checkout.
    expect(await changeSeats(t.db, demoBilling, owner, 6)).toMatchObject({ seats: 6, planId: "team" });
    expect((await entitlementsFor(t.db, owner)).secondsPerPeriod).toBe(6 * 40 * 3600);
    expect(await changeSeats(t.db, demoBilling, owner, 12)).toMatchObject({ seats: 12 });
    // Each change is a line of the owner's billing history, newest first.
    expect((await billingEventsOf(t.db, owner)).map((e) => [e.eventType, e.description])).toEqual([
      ["seats_changed", "Seats changed from 6 to 12 on Team (monthly)"],
      ["seats_changed", "Seats changed from 8 to 6 on Team (monthly)"],
    ]);
  });

  it("a seat change needs a running per-seat subscription and a sensible number", async () => {
    await expect(changeSeats(t.db, demoBilling, await insertUser(t.db), 3)).rejects.toMatchObject({ kind: "conflict", message: "You have no running subscription." });
    await expect(changeSeats(t.db, demoBilling, await insertUser(t.db, "pro"), 3)).rejects.toMatchObject({ kind: "conflict", message: NOT_PER_SEAT });
    const owner = await teamOwner(t.db, 3);
    for (const bad of [0, -1, 501, 2.5, Number.NaN]) {
      await expect(changeSeats(t.db, demoBilling, owner, bad)).rejects.toMatchObject({ kind: "invalid", message: SEATS_RANGE });
    }
    // A Stripe subscription left from when this server had a key cannot be changed by the demo provider.
    const stripeOwner = await teamOwner(t.db, 3, "stripe");
    await expect(changeSeats(t.db, demoBilling, stripeOwner, 4)).rejects.toMatchObject({ kind: "unavailable" });
  });

  it("demo checkout of Team: the URL carries the seats, and completing it records the seats chosen", async () => {
    const buyer = await insertUser(t.db, "premium");
    const user = { id: buyer, email: `${buyer}@example.com`, stripeCustomerId: null };
    expect(await defaultSeats(t.db, buyer)).toBe(3);
    const url = await startCheckout(t.db, demoBilling, user, { plan_id: "team", billing_interval: "monthly", seats: 7 }, NO_LANGUAGE_NOTE);
    expect(url).toMatch(/^\/billing\/demo-checkout\/[\w-]+\?seats=7&min=1$/);
    const sessionId = url.split("/").pop()!.split("?")[0];
    // The test checkout page lets the buyer change them; the server checks what arrives.
    await expect(completeDemoCheckout(t.db, buyer, sessionId, new Date(), 0)).rejects.toMatchObject({ kind: "invalid", message: SEATS_RANGE });
    const sub = await completeDemoCheckout(t.db, buyer, sessionId, new Date(), 9);
    expect(sub).toMatchObject({ planId: "team", seats: 9, status: "active", provider: "demo" });
    // The Premium subscription it replaces is over; the hours are Team's × 9.
    const live = await t.db.select().from(subscriptions).where(and(eq(subscriptions.userId, buyer), eq(subscriptions.status, "active")));
    expect(live.map((s) => s.planId)).toEqual(["team"]);
    expect((await entitlementsFor(t.db, buyer)).secondsPerPeriod).toBe(9 * 40 * 3600);
    expect((await billingEventsOf(t.db, buyer, 1))[0].description).toBe("Upgraded from Premium to Team (monthly, 9 seats)");
  });

  it("switching Team to annual billing starts the checkout with the seats already bought", async () => {
    const owner = await teamOwner(t.db, 11);
    const url = await startCheckout(t.db, demoBilling, { id: owner, email: "o@example.com", stripeCustomerId: null }, { plan_id: "team", billing_interval: "annual" }, NO_LANGUAGE_NOTE);
    expect(url).toMatch(/\?seats=11&min=1$/);
    // Completed with more seats, the new subscription replaces the old: the history counts from the old one's seats.
    await completeDemoCheckout(t.db, owner, url.split("/").pop()!.split("?")[0], new Date(), 13);
    expect((await billingEventsOf(t.db, owner, 1))[0].description).toBe("Seats changed from 11 to 13 on Team (annual)");
  });

  it("a demo checkout of a plan not sold per seat keeps one seat, whatever is sent", async () => {
    const buyer = await insertUser(t.db);
    const url = await startCheckout(t.db, demoBilling, { id: buyer, email: "x@example.com", stripeCustomerId: null }, { plan_id: "pro", billing_interval: "monthly", seats: 40 }, NO_LANGUAGE_NOTE);
    expect(url).not.toContain("seats=");
    const sub = await completeDemoCheckout(t.db, buyer, url.split("/").pop()!, new Date(), 40);
    expect(sub).toMatchObject({ planId: "pro", seats: 1 });
  });

  it("a Team checkout starts at the buyer's team size and never below it", async () => {
    const owner = await insertUser(t.db, "premium");
    // An owner who kept their workspace after leaving Team: 5 people, so 5 seats at least.
    const ws = await insertWorkspace(t.db, owner);
    for (let i = 0; i < 4; i++) await addMember(t.db, ws, await insertUser(t.db), "member");
    expect(await defaultSeats(t.db, owner)).toBe(5);
    const user = { id: owner, email: "o@example.com", stripeCustomerId: null };
    expect(await startCheckout(t.db, demoBilling, user, { plan_id: "team", billing_interval: "annual" }, NO_LANGUAGE_NOTE)).toMatch(/\?seats=5&min=5$/);
    await expect(startCheckout(t.db, demoBilling, user, { plan_id: "team", billing_interval: "annual", seats: 2 }, NO_LANGUAGE_NOTE)).rejects.toMatchObject({
      kind: "unprocessable",
      message: "You have 5 members; remove members before going below 5 seats.",
    });
    const sessionId = await openDemoCheckout(t.db, owner, "team", "monthly", 0);
    await expect(completeDemoCheckout(t.db, owner, sessionId, new Date(), 3)).rejects.toMatchObject({ kind: "unprocessable" });
  });
});
