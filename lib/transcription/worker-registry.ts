import { hostname } from "node:os";
import { and, asc, eq, lt, sql } from "drizzle-orm";
import { queryRows, type Database, type Tx } from "@/lib/db/client";
import { workers } from "@/lib/db/schema";
import { liveSessionsAtOnce } from "./engines/capacity";
import { retrySpeakerProvisioning, speakerProvisioningState, type SpeakerProvisioningState } from "@/lib/speakers/speaker-models";
import { chooseEngine } from "./engines/registry";
import { provisioningState, retryProvisioning, type ProvisioningState } from "./model-provisioning";

/** How often a worker says it is alive; one not seen for three beats is counted as gone. */
export const HEARTBEAT_MS = 10_000;
const GONE_AFTER_S = (3 * HEARTBEAT_MS) / 1000;

/**
 * The row's model_status: the whisper download's state, and the speaker models' under
 * `speakers` (rows written before speakers existed have none).
 */
type ModelStatus = ProvisioningState & { speakers?: SpeakerProvisioningState };

function readModelStatus(value: unknown): { model: ProvisioningState | null; speakers: SpeakerProvisioningState | null } {
  if (!value) return { model: null, speakers: null };
  const { speakers, ...model } = value as ModelStatus;
  return { model: model as ProvisioningState, speakers: speakers ?? null };
}

/**
 * Writes this worker's row: its engine and capacity now, its model downloads, seen now by the
 * database's clock. An operator's request for the downloads again (the row's flag) is taken
 * here: cleared, and the downloads started before the row says how they go.
 */
export async function heartbeat(database: Database, workerId: string, currentJobId: string | null): Promise<void> {
  const asked = await database
    .update(workers)
    .set({ modelRetryRequested: false })
    .where(and(eq(workers.id, workerId), eq(workers.modelRetryRequested, true)))
    .returning({ id: workers.id });
  if (asked.length > 0) {
    void retryProvisioning();
    void retrySpeakerProvisioning();
  }
  const choice = await chooseEngine();
  const row = {
    host: hostname(),
    engine: choice.engine?.name ?? null,
    problem: choice.engine ? null : (choice.reason ?? null),
    capacity: choice.engine?.parallelism() ?? 0,
    liveCapacity: choice.engine ? liveSessionsAtOnce(choice.engine) : 0,
    currentJobId,
    modelStatus: { ...provisioningState(), speakers: speakerProvisioningState() } satisfies ModelStatus,
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
  /** its speech model download as it last said (null before its first heartbeat said it) */
  model: ProvisioningState | null;
  /** its speaker models' download as it last said (null from a worker that did not say) */
  speakers: SpeakerProvisioningState | null;
}

const alive = sql`${workers.seenAt} > now() - make_interval(secs => ${GONE_AFTER_S})`;

/** Rows of workers not seen for a day: they died without signing off. */
export async function forgetDeadWorkers(database: Database): Promise<number> {
  const rows = await database.delete(workers).where(lt(workers.seenAt, sql`now() - interval '1 day'`)).returning({ id: workers.id });
  return rows.length;
}

/** Workers seen within three heartbeats. */
export async function aliveWorkers(database: Database): Promise<WorkerView[]> {
  const rows = await database
    .select({
      id: workers.id,
      host: workers.host,
      engine: workers.engine,
      problem: workers.problem,
      capacity: workers.capacity,
      liveCapacity: workers.liveCapacity,
      currentJobId: workers.currentJobId,
      modelStatus: workers.modelStatus,
      seenSAgo: sql<number>`extract(epoch from now() - ${workers.seenAt})::float8`,
    })
    .from(workers)
    .where(alive)
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
    ...readModelStatus(r.modelStatus),
  }));
}

/**
 * Asks the alive workers whose speech or speaker model download failed to try again (each
 * takes the request at its next heartbeat); the ids of those asked.
 */
export async function requestModelRetry(tx: Tx | Database): Promise<string[]> {
  const rows = await tx
    .update(workers)
    .set({ modelRetryRequested: true })
    .where(and(alive, sql`(${workers.modelStatus}->>'state' = 'failed' or ${workers.modelStatus}->'speakers'->>'state' = 'failed')`))
    .returning({ id: workers.id });
  return rows.map((r) => r.id);
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
