/**
 * Seats: how many people the workspaces of one owner may hold. A per-seat plan (Team) sells
 * them; a plan with team_management that is not per seat (Enterprise, a contract) sets no
 * limit here; without team_management there are none. A person counts once however many of
 * the owner's workspaces they are in, and a pending, unexpired invitation holds a seat, so
 * invitations cannot overbook the plan. Viewers are free: a client who only reads, listens
 * and exports uses no hours and changes nothing, so they take no seat (as read-only members
 * do in most team tools); promoting one to member or admin needs a free seat.
 */
import { and, eq, gt, inArray, ne, sql } from "drizzle-orm";
import type { Database, Tx } from "@/lib/db/client";
import { users, workspaceInvitations, workspaceMembers } from "@/lib/db/schema";
import { DomainError } from "@/lib/errors/domain-error";
import { entitlementsFor, type Entitlements } from "./entitlements";
import { allows } from "./feature-gates";
import { workspaceOwner } from "./payer";

import { DEFAULT_SEATS, MAX_SEATS, SEATS_RANGE, isSeatCount, seatCount } from "./seat-count";
import { WORKSPACE_NOT_FOUND } from "@/lib/access/roles";


/** The seats an owner's plan gives: a number, Infinity for no limit, 0 for none. */
function seatsOf(e: Pick<Entitlements, "features" | "perSeat" | "seats">): number {
  if (!allows(e.features, "team_workspaces")) return 0;
  return e.perSeat ? e.seats : Number.POSITIVE_INFINITY;
}

/** `seatsOf` the owner's plan right now. */
export async function seatLimit(database: Database | Tx, ownerUserId: string, now = new Date()): Promise<number> {
  return seatsOf(await entitlementsFor(database, ownerUserId, now));
}

export interface SeatsTaken {
  /** distinct people in the owner's workspaces (the owner too) */
  members: number;
  /** pending, unexpired invitations to people not already members */
  invitations: number;
}

/**
 * Seats taken in every workspace `ownerUserId` owns. `exceptInvitationId`: an invitation being
 * accepted, whose seat becomes its member's (counted once, not twice).
 */
export async function seatsTaken(database: Database | Tx, ownerUserId: string, { exceptInvitationId, now = new Date() }: { exceptInvitationId?: string; now?: Date } = {}): Promise<SeatsTaken> {
  const owned = database
    .select({ id: workspaceMembers.workspaceId })
    .from(workspaceMembers)
    .where(and(eq(workspaceMembers.userId, ownerUserId), eq(workspaceMembers.role, "owner")));
  const [members, invitations] = await Promise.all([
    database
      .selectDistinct({ userId: workspaceMembers.userId, email: users.email })
      .from(workspaceMembers)
      .innerJoin(users, eq(users.id, workspaceMembers.userId))
      .where(and(inArray(workspaceMembers.workspaceId, owned), ne(workspaceMembers.role, VIEWER))),
    database
      .selectDistinct({ email: sql<string>`lower(${workspaceInvitations.email})` })
      .from(workspaceInvitations)
      .where(
        and(
          inArray(workspaceInvitations.workspaceId, owned),
          eq(workspaceInvitations.status, "pending"),
          ne(workspaceInvitations.role, VIEWER),
          gt(workspaceInvitations.expiresAt, now),
          ...(exceptInvitationId ? [ne(workspaceInvitations.id, exceptInvitationId)] : []),
        ),
      ),
  ]);
  // Someone invited who has joined (another workspace of the owner) already has their seat.
  const memberEmails = new Set(members.map((m) => m.email.toLowerCase()));
  // The owner holds a seat of their own, workspace or not yet.
  return { members: Math.max(1, members.length), invitations: invitations.filter((i) => !memberEmails.has(i.email)).length };
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** The role that takes no seat. */
const VIEWER = "viewer";

/** What asks for a seat: the role it gives, the invitation being accepted (its seat is the newcomer's), and who asks (to word the sentence for the owner or for others). */
export interface SeatRequest {
  role: string;
  acceptingInvitationId?: string;
  actorId?: string;
}

/**
 * Before an invitation is sent or accepted, a member added or promoted from viewer (Better
 * Auth's organization hooks): throws when the owner's seats are all taken. A viewer needs none
 * on a plan with team workspaces.
 */
export async function assertSeatFree(database: Database | Tx, workspaceId: string, { role, acceptingInvitationId, actorId }: SeatRequest): Promise<void> {
  const owner = await workspaceOwner(database, workspaceId);
  if (!owner) throw new DomainError("not_found", WORKSPACE_NOT_FOUND);
  const e = await entitlementsFor(database, owner);
  const limit = seatsOf(e);
  if (limit === Number.POSITIVE_INFINITY || (role === VIEWER && limit > 0)) return;
  const taken = await seatsTaken(database, owner, { exceptInvitationId: acceptingInvitationId });
  if (taken.members + taken.invitations < limit) return;
  const yours = actorId === owner;
  if (limit === 0) {
    throw new DomainError(
      "forbidden",
      yours
        ? `Your ${e.planName} plan does not include team workspaces. Subscribe to a plan with team management to invite people.`
        : "This workspace's owner no longer has a plan with team workspaces, so nobody new can join. Ask them to subscribe again.",
      { seats: { limit, ...taken } },
    );
  }
  throw new DomainError(
    "forbidden",
    yours
      ? `Your ${e.planName} plan has ${seatCount(limit)} and all are taken. Add seats on your Account page to invite more people, or invite them as viewers (viewers are free).`
      : `This workspace's ${e.planName} plan has ${seatCount(limit)} and all are taken. Its owner can add seats on their Account page.`,
    { seats: { limit, ...taken } },
  );
}

/**
 * An invitation Better Auth has just written, checked again with the owner's seats held:
 * its organization plugin runs the check before (`assertSeatFree`) and the insert as two
 * steps, not one transaction, so invitations sent at the same moment all passed the check
 * before any was written. Here the owner's row is held (FOR NO KEY UPDATE) to the commit, so
 * these checks take turns, and each counts every other invitation written by then: one that
 * does not fit is removed in the same transaction and its refusal returned (null: it keeps
 * its seat). The caller queues the invitation's mail in `tx` only when it is kept.
 */
export async function holdSeatForInvitation(tx: Tx, invitation: { id: string; workspaceId: string; role: string }, actorId: string): Promise<DomainError | null> {
  await lockOwnerSeats(tx, invitation.workspaceId);
  const refusal = await seatRefusal(tx, invitation.workspaceId, { role: invitation.role, acceptingInvitationId: invitation.id, actorId });
  if (refusal) await tx.delete(workspaceInvitations).where(eq(workspaceInvitations.id, invitation.id));
  return refusal;
}

/**
 * A viewer Better Auth has just made a member or admin, checked again with the owner's seats
 * held, as invitations are (its `beforeUpdateMemberRole` check and the update are two steps,
 * so two promotions at the same moment both passed it). The check counts the others: the
 * promoted member is a viewer again for its length, and stays one when no seat is free.
 */
export async function holdSeatForPromotion(database: Database, member: { id: string; workspaceId: string; role: string }): Promise<DomainError | null> {
  return database.transaction(async (tx) => {
    await lockOwnerSeats(tx, member.workspaceId);
    // Another role change may have landed since Better Auth's update: that one stands, untouched.
    const [now] = await tx.select({ role: workspaceMembers.role }).from(workspaceMembers).where(eq(workspaceMembers.id, member.id)).for("update");
    if (now?.role !== member.role) return null;
    await tx.update(workspaceMembers).set({ role: VIEWER }).where(eq(workspaceMembers.id, member.id));
    const refusal = await seatRefusal(tx, member.workspaceId, { role: member.role });
    if (!refusal) await tx.update(workspaceMembers).set({ role: member.role }).where(eq(workspaceMembers.id, member.id));
    return refusal;
  });
}

/** Holds the workspace owner's row (FOR NO KEY UPDATE) to the commit: seat checks take turns. */
async function lockOwnerSeats(tx: Tx, workspaceId: string): Promise<void> {
  const owner = await workspaceOwner(tx, workspaceId);
  if (owner) await tx.select({ id: users.id }).from(users).where(eq(users.id, owner)).for("no key update");
}

/** `assertSeatFree`'s refusal, or null. */
async function seatRefusal(tx: Tx, workspaceId: string, request: SeatRequest): Promise<DomainError | null> {
  return assertSeatFree(tx, workspaceId, request).then(
    () => null,
    (error: unknown) => {
      if (error instanceof DomainError) return error;
      throw error;
    },
  );
}

/** Whether the user's plan lets them create a workspace (the gate table's `team_workspaces`). */
export async function mayCreateWorkspace(database: Database | Tx, userId: string): Promise<boolean> {
  return allows((await entitlementsFor(database, userId)).features, "team_workspaces");
}

/** The seats a checkout of a per-seat plan starts with: the people the buyer's workspaces hold, else a small team. */
export async function defaultSeats(database: Database | Tx, userId: string): Promise<number> {
  const taken = await seatsTaken(database, userId);
  const people = taken.members + taken.invitations;
  return people > 1 ? Math.min(MAX_SEATS, people) : DEFAULT_SEATS;
}

/** A seat count someone asked for: a whole number from MIN_SEATS to MAX_SEATS. */
export function checkedSeats(value: unknown): number {
  if (!isSeatCount(value)) throw new DomainError("invalid", SEATS_RANGE);
  return value;
}

/**
 * Before the seats of a running subscription go down: never below the people its owner's
 * workspaces hold (with their pending invitations).
 */
export async function assertSeatsCover(database: Database | Tx, ownerUserId: string, seats: number): Promise<void> {
  const taken = await seatsTaken(database, ownerUserId);
  const needed = taken.members + taken.invitations;
  if (seats >= needed) return;
  const message =
    taken.invitations === 0
      ? `You have ${plural(taken.members, "member")}; remove members before going below ${seatCount(needed)}.`
      : `You have ${plural(taken.members, "member")} and ${plural(taken.invitations, "pending invitation")}; remove members or revoke invitations before going below ${seatCount(needed)}.`;
  throw new DomainError("unprocessable", message, { seats: { needed } });
}
