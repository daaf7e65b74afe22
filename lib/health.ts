import { sql } from "drizzle-orm";
import type { DatabaseHandle } from "@/lib/db/client";
import { chooseEngine, type EngineStatus } from "@/lib/transcription/engines/registry";
import { provisioningState, type ProvisioningState } from "@/lib/transcription/model-provisioning";
import { queueDepth } from "@/lib/transcription/queue";

export interface Health {
  status: "ok" | "degraded";
  database: { ok: boolean; kind: "pglite" | "postgres" };
  engine: { selected: string | null; problem: string | null; engines: EngineStatus; model_download: ProvisioningState };
  queue: { queued: number; running: number } | null;
}

/** Database reachable, which speech engine would run, and how much work is waiting. */
export async function health(handle: Pick<DatabaseHandle, "db" | "kind">): Promise<Health> {
  const choice = await chooseEngine();
  const engine = {
    selected: choice.engine?.name ?? null,
    problem: choice.engine ? null : (choice.reason ?? null),
    engines: choice.statuses,
    model_download: provisioningState(),
  };
  try {
    await handle.db.execute(sql`select 1`);
    const queue = await queueDepth(handle.db);
    return { status: choice.engine ? "ok" : "degraded", database: { ok: true, kind: handle.kind }, engine, queue };
  } catch (error) {
    // Details (hosts, users) go to the server log, not to anonymous callers.
    console.error("[health] database check failed:", error);
    return { status: "degraded", database: { ok: false, kind: handle.kind }, engine, queue: null };
  }
}

/** What anonymous callers (load balancers, uptime checks) learn: up or not, nothing more. */
export function publicHealth(result: Health): { status: "ok" | "unavailable" } {
  return { status: result.database.ok ? "ok" : "unavailable" };
}
