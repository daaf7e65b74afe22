import { sql } from "drizzle-orm";
import { queryRows, type Database } from "@/lib/db/client";
import { JOB_KINDS, type JobKind } from "@/lib/db/schema";

export interface Depth {
  queued: number;
  running: number;
}

export interface KindDepth extends Depth {
  /** how long the oldest waiting job of the kind has waited, in seconds (0 when none waits) */
  oldest_queued_s: number;
}

/** Jobs waiting and being worked on, and the oldest wait, for each kind of job. */
export async function depthByKind(database: Database): Promise<Record<JobKind, KindDepth>> {
  const rows = await queryRows<{ kind: JobKind; queued: number; running: number; oldest: number | null }>(
    database,
    sql`select kind,
               count(*) filter (where status = 'queued')::int as queued,
               count(*) filter (where status = 'running')::int as running,
               extract(epoch from now() - min(created_at) filter (where status = 'queued'))::float8 as oldest
          from jobs where status in ('queued', 'running') group by kind`,
  );
  const byKind = {} as Record<JobKind, KindDepth>;
  for (const kind of JOB_KINDS) {
    const row = rows.find((r) => r.kind === kind);
    byKind[kind] = {
      queued: Number(row?.queued ?? 0),
      running: Number(row?.running ?? 0),
      oldest_queued_s: Math.max(0, Math.round(Number(row?.oldest ?? 0))),
    };
  }
  return byKind;
}

/** Pieces of running long files waiting for a worker and being transcribed, on any worker. */
export async function piecesDepth(database: Database): Promise<Depth> {
  const rows = await queryRows<{ status: string; n: number }>(
    database,
    sql`select status, count(*)::int as n from transcription_pieces where status in ('queued', 'running') group by status`,
  );
  const count = (s: string) => Number(rows.find((r) => r.status === s)?.n ?? 0);
  return { queued: count("queued"), running: count("running") };
}
