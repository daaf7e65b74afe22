import { hostname } from "node:os";
import { asc, eq, lt, sql } from "drizzle-orm";
import { queryRows, type Database } from "@/lib/db/client";
import { workers } from "@/lib/db/schema";
import { env } from "@/lib/env";
import { chooseEngine } from "./engines/registry";

/** How often a worker says it is alive; one not seen for three beats is counted as gone. */
export const HEARTBEAT_MS = 10_000;
const GONE_AFTER_S = (3 * HEARTBEAT_MS) / 1000;

/** Writes this worker's row: its engine and capacity now, seen now by the database's clock. */
export async function heartbeat(database: Database, workerId: string, currentJobId: string | null): Promise<void> {
  const choice = await chooseEngine();
  const row = {
    host: hostname(),
    engine: choice.engine?.name ?? null,
    problem: choice.engine ? null : (choice.reason ?? null),
    capacity: choice.engine?.parallelism() ?? 0,
    liveCapacity: choice.engine ? env().LIVE_SESSIONS_PER_WORKER : 0,
    currentJobId,
    seenAt: sql`now()`,
  };
  await database
    .insert(workers)
    .values({ id: workerId, ...row })
    .onConflictDoUpdate({ target: workers.id, set: row });
}

/** A worker that stops says so, rather than leaving operators to wait for its heartbeat to lapse. */
export async function signOff(database: Database, workerId: string): Promise<void> {
  await database.delete(workers).where(eq(workers.id, workerId));
}

export interface WorkerView {
  id: string;
  host: string;
  engine: string | null;
  problem: string | null;
  capacity: number;
  /** recordings it transcribes live at once */
  live_capacity: number;
  busy: boolean;
  seen_s_ago: number;
}

/** Workers seen within three heartbeats (rows of dead ones are forgotten after a day). */
export async function aliveWorkers(database: Database): Promise<WorkerView[]> {
  await database.delete(workers).where(lt(workers.seenAt, sql`now() - interval '1 day'`));
  const rows = await database
    .select({
      id: workers.id,
      host: workers.host,
      engine: workers.engine,
      problem: workers.problem,
      capacity: workers.capacity,
      liveCapacity: workers.liveCapacity,
      currentJobId: workers.currentJobId,
      seenSAgo: sql<number>`extract(epoch from now() - ${workers.seenAt})::float8`,
    })
    .from(workers)
    .where(sql`${workers.seenAt} > now() - make_interval(secs => ${GONE_AFTER_S})`)
    .orderBy(asc(workers.startedAt));
  return rows.map((r) => ({
    id: r.id,
    host: r.host,
    engine: r.engine,
    problem: r.problem,
    capacity: r.capacity,
    live_capacity: r.liveCapacity,
    busy: r.currentJobId !== null,
    seen_s_ago: Math.round(Number(r.seenSAgo)),
  }));
}

/** Whether a live worker has a free live slot: live slots of the workers alive, less the live sessions open. */
export async function liveSlotFree(database: Database): Promise<boolean> {
  const [row] = await queryRows<{ free: number }>(
    database,
    sql`select coalesce((select sum(live_capacity) from workers where seen_at > now() - make_interval(secs => ${GONE_AFTER_S})), 0)
             - (select count(*) from jobs where kind = 'live' and status in ('queued', 'running')) as free`,
  );
  return Number(row?.free ?? 0) > 0;
}
