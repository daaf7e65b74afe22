import type { Database } from "@/lib/db/client";
import { env } from "@/lib/env";
import { AUTO_ORDER, ENGINES, chooseEngine, type EngineChoice } from "./engines/registry";
import { aliveWorkers } from "./worker-registry";

export const NO_WORKER_MESSAGE = "No transcription worker is running right now, so nothing new can be transcribed. Please try again in a few minutes.";

/**
 * The engine uploads are checked and languages offered for. A process that runs a worker
 * answers for itself; a web host without one (WORKER_IN_APP=false) goes by what the live
 * workers on any host wrote in their heartbeat, since its own programs say nothing about
 * theirs. With several engines among the workers, the best one is offered.
 */
export async function offeredEngine(database: Database): Promise<EngineChoice> {
  if (env().WORKER_IN_APP) return chooseEngine();
  const alive = await aliveWorkers(database);
  const best = AUTO_ORDER.find((name) => alive.some((w) => w.engine === name));
  if (best) return { engine: ENGINES[best] };
  const reason = alive.length ? `The transcription workers have no speech engine: ${alive[0].problem ?? "none is available."}` : NO_WORKER_MESSAGE;
  return { engine: null, reason };
}
