import { randomUUID } from "node:crypto";
import { count, desc, ilike, or, type SQL } from "drizzle-orm";
import type { AuditLogEntry, AuditLogPage } from "@/lib/api/contract/admin";
import type { Database } from "@/lib/db/client";
import { auditLog, type AuditEntry } from "@/lib/db/schema";
import type { PageRequest } from "./paging";

type Executor = Pick<Database, "insert">;

export interface Actor {
  id: string;
  email: string;
}

export interface AuditRecord {
  action: string;
  targetType: string;
  targetId: string;
  summary: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

/** Writes one entry; pass the transaction of the change so both land or neither does. */
export async function recordAudit(executor: Executor, actor: Actor, record: AuditRecord): Promise<void> {
  await executor.insert(auditLog).values({ id: randomUUID(), actorId: actor.id, actorEmail: actor.email, ...record });
}

function toApiEntry(row: AuditEntry): AuditLogEntry {
  return {
    id: row.id,
    actor_id: row.actorId,
    actor_email: row.actorEmail,
    action: row.action,
    target_type: row.targetType,
    target_id: row.targetId,
    summary: row.summary,
    before: row.before,
    after: row.after,
    created_at: row.createdAt.toISOString(),
  };
}

/** Newest first; `q` matches the actor, the action, the target id or the summary. */
export async function listAuditLog(database: Database, page: PageRequest, q = ""): Promise<AuditLogPage> {
  const pattern = `%${escapeLike(q.trim())}%`;
  const where: SQL | undefined = q.trim()
    ? or(
        ilike(auditLog.actorEmail, pattern),
        ilike(auditLog.action, pattern),
        ilike(auditLog.targetId, pattern),
        ilike(auditLog.summary, pattern),
      )
    : undefined;
  const [rows, [total]] = await Promise.all([
    database
      .select()
      .from(auditLog)
      .where(where)
      .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
      .limit(page.pageSize)
      .offset((page.page - 1) * page.pageSize),
    database.select({ n: count() }).from(auditLog).where(where),
  ]);
  return { entries: rows.map(toApiEntry), total: Number(total?.n ?? 0), page: page.page, page_size: page.pageSize };
}

/** `%` and `_` typed into a search box are literal characters, not wildcards. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}
