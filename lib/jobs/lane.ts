import type { Database } from "@/lib/db/client";
import type { JobKind } from "@/lib/db/schema";
import { log } from "@/lib/log/logger";
import type { JobDefinition, JobOutcome } from "./definition";
import { runJob } from "./run-job";
import { claim, type HeldJob } from "./store";
import type { Wakeups } from "./wakeups";

export interface Lane {
  name: string;
  kinds: readonly JobKind[];
  /** jobs it runs at once */
  concurrency(): number;
  /** at most this many of one account's jobs in this lane run at once, fleet-wide (none: no cap) */
  perAccount?(): number;
  /** whether a long job may hand its turn to another account between its parts (JobRun.yieldTurn) */
  interleave?: boolean;
  /** first come, first served, no turns (the baseline bench:fairness compares with) */
  fifo?: boolean;
  /** whether this worker can take a job now (its engine is there) */
  ready?(): Promise<boolean>;
  /** with nothing of its own to take: other work (pieces of other workers' long files); true when it did some */
  whenIdle?(): Promise<boolean>;
}

export interface LaneOptions {
  workerId: string;
  definitionOf(kind: JobKind): JobDefinition<unknown>;
  wakeups: Wakeups;
  /** the longest wait between looks for work without a wake-up */
  pollMs: number;
  /** the lease of every job (WORKER_LEASE_MS), renewed every third of it */
  leaseMs: number;
  stopping: AbortSignal;
  onStart?(job: HeldJob): void;
  onEnd?(job: HeldJob, outcome: JobOutcome): void;
}

/**
 * A worker's lane: takes jobs of its kinds while it has room, runs each to its end, and
 * waits for a wake-up when there is nothing to take. Accounts take turns (`claim`). Resolves
 * when the worker stops and every job it runs has ended or been handed back.
 */
export async function runLane(database: Database, lane: Lane, options: LaneOptions): Promise<void> {
  const running = new Set<Promise<void>>();
  const take = (fairerThan?: readonly string[]) =>
    claim(database, options.workerId, lane.kinds, options.leaseMs, { lane: lane.name, perAccount: lane.perAccount?.(), fairerThan, fifo: lane.fifo });

  /** Runs a held job to its end; in an interleaving lane, `holding` lists the accounts whose work it sits inside. */
  const run = (job: HeldJob, holding: readonly string[]): Promise<void> => {
    options.onStart?.(job);
    const accounts = [job.account, ...holding];
    return runJob(database, job, options.definitionOf(job.kind), {
      leaseMs: options.leaseMs,
      stopping: options.stopping,
      yieldTurn: lane.interleave && !lane.fifo ? yieldingTo(accounts) : undefined,
    })
      .then((outcome) => options.onEnd?.(job, outcome))
      .catch((error: unknown) => log().error({ err: error, jobId: job.id, kind: job.kind }, "a job's end could not be written; its lease runs out and it is taken again"));
  };

  /**
   * One offer at a time per running job: every part-runner of a long job that asks while
   * another account's job runs waits for it, so the engines are not shared by both.
   */
  const yieldingTo = (accounts: readonly string[]) => {
    let offer: Promise<void> | null = null;
    return () => {
      offer ??= (async () => {
        if (options.stopping.aborted) return;
        const other = await take(accounts);
        if (other) await run(other, accounts);
      })()
        // The offer is a courtesy: the long job goes on whatever happened to it.
        .catch((error: unknown) => log().error({ err: error, lane: lane.name }, "error while offering a turn"))
        .finally(() => {
          offer = null;
        });
      return offer;
    };
  };

  while (!options.stopping.aborted) {
    const mark = options.wakeups.mark();
    try {
      if (running.size < lane.concurrency() && (await (lane.ready?.() ?? true))) {
        const job = await take();
        if (job) {
          const ran: Promise<void> = run(job, []).finally(() => {
            running.delete(ran);
            options.wakeups.poke();
          });
          running.add(ran);
          continue;
        }
      }
      if (running.size === 0 && (await lane.whenIdle?.())) continue;
    } catch (error) {
      log().error({ err: error, lane: lane.name }, "error while taking a job");
    }
    await options.wakeups.wait(lane.kinds, options.pollMs, options.stopping, mark);
  }
  await Promise.all(running);
}
