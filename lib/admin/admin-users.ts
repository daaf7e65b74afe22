/**
 * The admin panel's user list: one row per user with the plan and subscription an operator
 * needs to see, filtered and paged in the database.
 */
import { and, count, desc, eq, ilike, inArray, isNull, or, sql, type SQL } from "drizzle-orm";
import type { z } from "zod";
import { type AdminUser, type AdminUserPage, UserFilterQuery } from "@/lib/api/contract/admin";
import { isOperator } from "@/lib/account/operators";
import { defaultPlanIdSql } from "@/lib/billing/plans";
import type { SubscriptionStatus } from "@/lib/billing/subscription-types";
import type { Database } from "@/lib/db/client";
import { plans, subscriptions, users } from "@/lib/db/schema";
import { DomainError } from "@/lib/errors/domain-error";
import { escapeLike } from "./audit-log";
import type { PageRequest } from "./paging";

/** Statuses under which a subscription still carries its plan; a canceled one shows free. */
const RUNNING_STATUSES = ["active", "trialing", "past_due", "unpaid"] as const satisfies readonly SubscriptionStatus[];

export const USER_NOT_FOUND = "User not found.";

/** What the list is filtered by (null: any). */
export type AdminUserFilters = z.output<typeof UserFilterQuery>;

export const NO_FILTERS: AdminUserFilters = { q: "", plan: null, status: null, active: null, verified: null };

/**
 * `?q=&plan=&status=&active=&verified=` from the list's URL. An empty value means "any",
 * as a cleared select in a form sends one; anything unrecognised is `invalid`, with the reason.
 */
export function parseUserFilters(params: URLSearchParams): AdminUserFilters {
  const value = (name: string) => params.get(name) || null;
  const result = UserFilterQuery.safeParse({
    q: params.get("q") ?? "",
    plan: value("plan"),
    status: value("status"),
    active: value("active"),
    verified: value("verified"),
  });
  if (!result.success) throw new DomainError("invalid", result.error.issues[0]?.message ?? "The user filters are invalid.");
  return result.data;
}

/**
 * Per user, the subscription the list shows: a running one before a canceled one, then the
 * most recently changed (as the account page picks it). LATERAL with LIMIT 1 reads only that
 * user's few rows through subscriptions_user_id_idx.
 */
function pickedSubscription(database: Database) {
  return database
    .select({
      planId: subscriptions.planId,
      status: subscriptions.status,
      trialEnd: subscriptions.trialEnd,
      billingInterval: subscriptions.billingInterval,
    })
    .from(subscriptions)
    .where(eq(subscriptions.userId, users.id))
    .orderBy(
      desc(inArray(subscriptions.status, [...RUNNING_STATUSES])),
      desc(subscriptions.updatedAt),
      desc(subscriptions.createdAt),
      desc(subscriptions.id),
    )
    .limit(1)
    .as("picked");
}

type Picked = ReturnType<typeof pickedSubscription>;

function shownPlanId(picked: Picked): SQL<string> {
  return sql<string>`(case when ${inArray(picked.status, [...RUNNING_STATUSES])} then ${picked.planId} else ${defaultPlanIdSql()} end)`;
}

/** Conditions on the users table alone. */
function userConditions(filters: AdminUserFilters): SQL[] {
  const conditions: SQL[] = [];
  if (filters.q) {
    const pattern = `%${escapeLike(filters.q)}%`;
    conditions.push(or(ilike(users.email, pattern), ilike(users.name, pattern))!);
  }
  if (filters.active !== null) conditions.push(eq(users.isActive, filters.active));
  if (filters.verified !== null) conditions.push(eq(users.emailVerified, filters.verified));
  return conditions;
}

/** Conditions on the picked subscription: only these make a query join it for every user. */
function subscriptionConditions(filters: AdminUserFilters, picked: Picked): SQL[] {
  const conditions: SQL[] = [];
  if (filters.plan !== null) conditions.push(sql`${shownPlanId(picked)} = ${filters.plan}`);
  if (filters.status === "none") conditions.push(isNull(picked.status));
  else if (filters.status !== null) conditions.push(eq(picked.status, filters.status));
  return conditions;
}

/** The list's row query; the one place its SQL is written. */
function userRows(database: Database, where: (picked: Picked) => SQL | undefined) {
  const picked = pickedSubscription(database);
  const planId = shownPlanId(picked);
  return database
    .select({
      id: users.id,
      email: users.email,
      name: users.name,
      image: users.image,
      isAdmin: users.isAdmin,
      emailVerified: users.emailVerified,
      isActive: users.isActive,
      createdAt: users.createdAt,
      planId,
      // A plan row always exists (subscriptions reference plans, free is seeded); the id is
      // only a fallback so a missing name never breaks the list.
      planName: sql<string>`coalesce(${plans.name}, ${planId})`,
      status: picked.status,
      trialEnd: picked.trialEnd,
      billingInterval: picked.billingInterval,
    })
    .from(users)
    .leftJoinLateral(picked, sql`true`)
    .leftJoin(plans, eq(plans.id, planId))
    .where(where(picked))
    .orderBy(desc(users.createdAt), desc(users.id))
    .$dynamic();
}

type UserRow = Awaited<ReturnType<typeof userRows>>[number];

function toAdminUser(row: UserRow): AdminUser {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    picture: row.image,
    is_admin: row.isAdmin,
    is_verified: row.emailVerified,
    is_active: row.isActive,
    is_operator: isOperator(row.email),
    created_at: row.createdAt.toISOString(),
    plan_id: row.planId,
    plan_name: row.planName,
    subscription_status: row.status,
    trial_end: row.trialEnd?.toISOString() ?? null,
    billing_interval: row.billingInterval,
  };
}

/**
 * Matching users. Without a plan or status filter it counts the users table alone, so the
 * common case never computes a subscription for every user just to count them.
 */
async function countUsers(database: Database, filters: AdminUserFilters): Promise<number> {
  const picked = pickedSubscription(database);
  const bySubscription = subscriptionConditions(filters, picked);
  const where = and(...userConditions(filters), ...bySubscription);
  const query = database.select({ n: count() }).from(users).$dynamic();
  const [row] = await (bySubscription.length ? query.leftJoinLateral(picked, sql`true`) : query).where(where);
  return Number(row?.n ?? 0);
}

/** One page of users, newest first, with the total matching the filters. */
export async function listAdminUsers(
  database: Database,
  filters: AdminUserFilters,
  page: PageRequest,
): Promise<AdminUserPage> {
  const [rows, total] = await Promise.all([
    userRows(database, (picked) => and(...userConditions(filters), ...subscriptionConditions(filters, picked)))
      .limit(page.pageSize)
      .offset((page.page - 1) * page.pageSize),
    countUsers(database, filters),
  ]);
  return { users: rows.map(toAdminUser), total, page: page.page, page_size: page.pageSize };
}

/** One user's row of the list; an unknown id is `not_found`. */
export async function findAdminUser(database: Database, id: string): Promise<AdminUser> {
  const [row] = await userRows(database, () => eq(users.id, id)).limit(1);
  if (!row) throw new DomainError("not_found", USER_NOT_FOUND);
  return toAdminUser(row);
}
