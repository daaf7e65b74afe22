import { sql } from "drizzle-orm";
import type { DatabaseHandle } from "@/lib/db/client";
import type { EngineChoice, EngineStatus } from "@/lib/transcription/engines/registry";
import { offeredEngine } from "@/lib/transcription/offered-engine";
import { jobMetrics, type JobMetrics } from "@/lib/jobs/metrics";
import { depthByKind, piecesDepth, type Depth, type KindDepth } from "@/lib/jobs/queue-depth";
import type { JobKind } from "@/lib/db/schema";
import { aliveWorkers, type WorkerView } from "@/lib/transcription/worker-registry";
import { llmConfigFromEnv } from "@/lib/formatting/llm-client";
import { log } from "@/lib/log/logger";

/** The operators' setup hint for AI formatting; customers read only that it is not available. */
const LLM_SETUP_HINT = "AI formatting is off: set LLM_BASE_URL and LLM_MODEL (and LLM_API_KEY if the service needs one) to turn it on.";

export interface Health {
  status: "ok" | "degraded";
  database: { ok: boolean; kind: "pglite" | "postgres" };
  engine: { selected: string | null; problem: string | null; setup: string | null; engines: EngineStatus | null };
  /**
   * files waiting and running (the top level), every kind of job, and the pieces of running
   * long files (shared by every worker)
   */
  queue: (KindDepth & { kinds: Record<JobKind, KindDepth>; pieces: Depth }) | null;
  /** worker processes seen in the last 30 s, on any host, each with its model download */
  workers: WorkerView[] | null;
  /** whether this server offers AI formatting (a language model is configured), and if not how to set it up */
  formatting: { available: boolean; model: string | null; setup: string | null };
}

/** Database reachable, which speech engine would run, and how much work is waiting. */
export async function health(handle: Pick<DatabaseHandle, "db" | "kind">): Promise<Health> {
  const choice = await offeredEngine(handle.db).catch((): EngineChoice => ({ engine: null, reason: "The database could not be read." }));
  const engine = {
    selected: choice.engine?.name ?? null,
    problem: choice.engine ? null : (choice.reason ?? null),
    setup: choice.engine ? (choice.statuses?.[choice.engine.name].setup ?? null) : null,
    engines: choice.statuses ?? null,
  };
  const llm = llmConfigFromEnv();
  const formatting = { available: llm !== null, model: llm?.model ?? null, setup: llm ? null : LLM_SETUP_HINT };
  try {
    await handle.db.execute(sql`select 1`);
    const [kinds, pieces, workers] = await Promise.all([depthByKind(handle.db), piecesDepth(handle.db), aliveWorkers(handle.db)]);
    const queue = { ...kinds.transcribe, kinds, pieces };
    return { status: choice.engine ? "ok" : "degraded", database: { ok: true, kind: handle.kind }, engine, queue, workers, formatting };
  } catch (error) {
    // Details (hosts, users) go to the server log, not to anonymous callers.
    log().error({ err: error }, "health check: the database check failed");
    return { status: "degraded", database: { ok: false, kind: handle.kind }, engine, queue: null, workers: null, formatting };
  }
}

/** What operators read: the whole check, and the queue's figures of the last day (null when the database did not answer). */
export async function operatorHealth(handle: Pick<DatabaseHandle, "db">, result: Health): Promise<Health & { jobs: JobMetrics | null }> {
  return { ...result, jobs: result.database.ok ? await jobMetrics(handle.db) : null };
}

/**
 * Whether the database answers: all that anonymous callers (load balancers, uptime checks)
 * are told, so their frequent checks cost one query rather than the operators' six.
 */
export async function databaseAnswers(handle: Pick<DatabaseHandle, "db">): Promise<boolean> {
  try {
    await handle.db.execute(sql`select 1`);
    return true;
  } catch (error) {
    log().error({ err: error }, "health check: the database check failed");
    return false;
  }
}

/** What anonymous callers learn: up or not, nothing more. */
export function publicHealth(databaseOk: boolean): { status: "ok" | "unavailable" } {
  return { status: databaseOk ? "ok" : "unavailable" };
}
