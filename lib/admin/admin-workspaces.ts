/**
 * The admin panel's workspace list: who owns each, how big it is and how much it is used,
 * searched and paged in the database. Read-only: a workspace is changed by its owner and
 * admins (invitations, roles, deletion), never by an operator from here.
 */
import { count, desc, eq, ilike, or, sql, type SQL } from "drizzle-orm";
import type { AdminWorkspace, AdminWorkspacePage } from "@/lib/api/contract/admin-workspaces";
import type { Database } from "@/lib/db/client";
import { transcriptions, users, workspaceInvitations, workspaceMembers, workspaces } from "@/lib/db/schema";
import { DomainError } from "@/lib/errors/domain-error";
import { escapeLike } from "./audit-log";
import type { PageRequest } from "./paging";

const MAX_QUERY_LENGTH = 200;

/** `?q=` from the list's URL: a part of a workspace's name or of its owner's email, any case; "" for all. */
export function parseWorkspaceSearch(params: URLSearchParams): string {
  const q = (params.get("q") ?? "").trim();
  if (q.length > MAX_QUERY_LENGTH) throw new DomainError("invalid", `The search text "q" must be at most ${MAX_QUERY_LENGTH} characters long.`);
  return q;
}

/**
 * `workspaces.id`, named with its table: inside the correlated subqueries below an unqualified
 * "id" would be the subquery's own table's id (Drizzle leaves columns unqualified in sql``).
 */
const workspaceId = sql`${workspaces}.${sql.identifier(workspaces.id.name)}`;

/** The workspace's owner: the one member with the owner role (its creator, who pays for it). */
const owner = sql`(select ${workspaceMembers.userId} from ${workspaceMembers} where ${workspaceMembers.workspaceId} = ${workspaceId} and ${workspaceMembers.role} = 'owner' limit 1)`;

function conditions(q: string): SQL | undefined {
  if (!q) return undefined;
  const pattern = `%${escapeLike(q)}%`;
  return or(ilike(workspaces.name, pattern), ilike(users.email, pattern));
}

/** The first of this month, UTC: "this month" as the panel says it, the same for every workspace. */
function monthStart(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
}

/** One page of workspaces, newest first, with the total matching the search. */
export async function listAdminWorkspaces(database: Database, q: string, page: PageRequest, now = new Date()): Promise<AdminWorkspacePage> {
  const where = conditions(q);
  const since = monthStart(now).toISOString();
  const [rows, [total]] = await Promise.all([
    database
      .select({
        id: workspaces.id,
        name: workspaces.name,
        ownerEmail: users.email,
        createdAt: workspaces.createdAt,
        members: sql<number>`(select count(*)::int from ${workspaceMembers} where ${workspaceMembers.workspaceId} = ${workspaceId})`,
        pending: sql<number>`(select count(*)::int from ${workspaceInvitations} where ${workspaceInvitations.workspaceId} = ${workspaceId} and ${workspaceInvitations.status} = 'pending' and ${workspaceInvitations.expiresAt} > now())`,
        transcriptions: sql<number>`(select count(*)::int from ${transcriptions} where ${transcriptions.workspaceId} = ${workspaceId} and ${transcriptions.deletedAt} is null)`,
        // Failed and canceled ones gave their time back; those in Recently deleted did not.
        seconds: sql<number>`(select coalesce(sum(${transcriptions.durationS}), 0)::float8 from ${transcriptions} where ${transcriptions.workspaceId} = ${workspaceId} and ${transcriptions.createdAt} >= ${since} and ${transcriptions.status} not in ('failed', 'canceled'))`,
      })
      .from(workspaces)
      .leftJoin(users, eq(users.id, owner))
      .where(where)
      .orderBy(desc(workspaces.createdAt), desc(workspaces.id))
      .limit(page.pageSize)
      .offset((page.page - 1) * page.pageSize),
    database.select({ n: count() }).from(workspaces).leftJoin(users, eq(users.id, owner)).where(where),
  ]);
  const list: AdminWorkspace[] = rows.map((row) => ({
    id: row.id,
    name: row.name,
    owner_email: row.ownerEmail,
    members: Number(row.members),
    pending_invitations: Number(row.pending),
    transcriptions: Number(row.transcriptions),
    hours_this_month: Math.round((Number(row.seconds) / 3600) * 100) / 100,
    created_at: row.createdAt.toISOString(),
  }));
  return { workspaces: list, total: Number(total?.n ?? 0), page: page.page, page_size: page.pageSize };
}
