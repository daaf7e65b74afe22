import { hostname } from "node:os";
import type { Database } from "@/lib/db/client";
import type { JobKind } from "@/lib/db/schema";
import { env } from "@/lib/env";
import { liveSessionsAtOnce } from "@/lib/transcription/engines/capacity";
import type { JobOutcome, LaneName } from "@/lib/jobs/definition";
import { runLane, type Lane } from "@/lib/jobs/lane";
import { runSchedules } from "@/lib/jobs/schedule";
import type { HeldJob } from "@/lib/jobs/store";
import { startWakeups } from "@/lib/jobs/wakeups";
import { log, withLogContext } from "@/lib/log/logger";
import { chooseEngine } from "@/lib/transcription/engines/registry";
import { helpWithPieces } from "@/lib/transcription/piece-runner";
import { HEARTBEAT_MS, heartbeat, signOff } from "@/lib/transcription/worker-registry";
import { jobRegistry } from "./job-registry";
import { workerSchedules } from "./schedules";

export interface Worker {
  id: string;
  /** stops taking jobs; resolves when the running ones have ended or been handed back */
  stop(): Promise<void>;
}

export interface StartWorkerOptions {
  /** the longest wait between looks for work when no wake-up comes (backoffs, lapsed leases) */
  pollMs?: number;
  leaseMs?: number;
  onJobEnd?: (job: HeldJob, outcome: JobOutcome) => void;
  onPieceEnd?: (transcriptionId: string, index: number, outcome: string) => void;
  /** a recording that sends no audio for this long gives its live slot back (default 30 s) */
  liveIdleReleaseMs?: number;
  /** run the fleet's periodic work (default true) */
  schedules?: boolean;
  /** "fifo": the files lane serves first come, first served, as before accounts took turns (bench:fairness's baseline) */
  filesOrder?: "turns" | "fifo";
}

/** Without a wake-up a lane looks for work this often: a retry's backoff or a dead worker's lease may have run out. */
const POLL_MS = 5_000;

/**
 * A worker runs five lanes of jobs (lib/jobs): files — one transcription at a time, its
 * pieces on as many engine lanes as the machine holds, and other workers' free pieces when it
 * has none; tasks — language-model formatting; mail — so a reset link never waits behind a
 * long file or a model's minute; webhooks — calls to other servers, which may be slow to
 * answer; live — recordings transcribed while they are made. Lanes wake on PostgreSQL notifications
 * rather than polling. Beside them it runs its share of the fleet's periodic work. The
 * engines run in child processes or native threads, so the event loop stays free.
 */
/** Webhook deliveries a worker sends at once (each waits at most 5 s for an answer). */
const WEBHOOKS_AT_ONCE = 4;
const WEBHOOKS_PER_ACCOUNT = WEBHOOKS_AT_ONCE / 2;

export function startWorker(database: Database, options: StartWorkerOptions = {}): Worker {
  const id = `${hostname()}:${process.pid}:${Math.random().toString(36).slice(2, 8)}`;
  return withLogContext({ worker: id }, () => start(database, id, options));
}

function start(database: Database, id: string, options: StartWorkerOptions): Worker {
  const leaseMs = options.leaseMs ?? env().WORKER_LEASE_MS;
  const registry = jobRegistry({ liveIdleReleaseMs: options.liveIdleReleaseMs });
  const stopping = new AbortController();
  // The files lane's jobs, outermost first: a long file's worker may run another account's file between two of its pieces.
  const holding: string[] = [];
  const current = () => holding.at(-1) ?? null;
  let lastBeat: Promise<unknown> = Promise.resolve();
  const beat = () => {
    lastBeat = heartbeat(database, id, current()).catch((error: unknown) => log().error({ err: error }, "heartbeat failed"));
    return lastBeat;
  };
  void beat();
  const beating = setInterval(() => void beat(), HEARTBEAT_MS);
  // The live lane's width follows the engine chosen (each costs a different share of a core).
  let liveSlots = 1;
  const hasEngine = async () => {
    const { engine } = await chooseEngine();
    if (engine) liveSlots = liveSessionsAtOnce(engine);
    return engine !== null;
  };

  const kindsOf = (lane: LaneName) => (Object.keys(registry) as JobKind[]).filter((k) => registry[k].lane === lane);
  const lanes: Lane[] = [
    {
      name: "files",
      kinds: kindsOf("files"),
      concurrency: () => 1,
      // Between two pieces of a long file, a file of an account served longer ago runs first.
      interleave: true,
      fifo: options.filesOrder === "fifo",
      // No file of its own: pieces of other workers' long files, if any are free — one round
      // of them, then the lane looks for a queued file again (it may be another account's turn).
      whenIdle: async () => {
        const { engine } = await chooseEngine();
        if (!engine) return false;
        let round = Math.max(1, engine.parallelism());
        const ran = await helpWithPieces({
          database,
          engine,
          workerId: id,
          leaseMs,
          keepGoing: () => !stopping.signal.aborted && round-- > 0,
          onPiece: (piece, outcome) => options.onPieceEnd?.(piece.transcriptionId, piece.index, outcome),
        });
        return ran > 0;
      },
    },
    { name: "tasks", kinds: kindsOf("tasks"), concurrency: () => 1 },
    { name: "mail", kinds: kindsOf("mail"), concurrency: () => 1 },
    // Calls to other people's servers: never in the mail's way, a few at once, and at most
    // half of them one account's, so its slow receivers leave room for everyone else's.
    { name: "webhooks", kinds: kindsOf("webhooks"), concurrency: () => WEBHOOKS_AT_ONCE, perAccount: () => WEBHOOKS_PER_ACCOUNT },
    // One account's recordings hold every live slot but one, which stays for another account.
    { name: "live", kinds: kindsOf("live"), concurrency: () => liveSlots, perAccount: () => Math.max(1, liveSlots - 1), ready: hasEngine },
  ];

  const running = (async () => {
    const wakeups = await startWakeups(database);
    const laneOptions = {
      workerId: id,
      definitionOf: (kind: JobKind) => registry[kind],
      wakeups,
      pollMs: options.pollMs ?? POLL_MS,
      leaseMs,
      stopping: stopping.signal,
      onStart: (job: HeldJob) => {
        if (registry[job.kind].lane !== "files") return;
        holding.push(job.id);
        void beat();
      },
      onEnd: (job: HeldJob, outcome: JobOutcome) => {
        const at = holding.indexOf(job.id);
        if (at >= 0) holding.splice(at, 1);
        options.onJobEnd?.(job, outcome);
      },
    };
    try {
      await Promise.all([
        ...lanes.map((lane) => runLane(database, lane, laneOptions)),
        options.schedules === false ? Promise.resolve() : runSchedules(database, workerSchedules(), stopping.signal),
      ]);
    } finally {
      await wakeups.close();
    }
  })();

  return {
    id,
    async stop() {
      stopping.abort();
      await running;
      clearInterval(beating);
      await lastBeat;
      await signOff(database, id).catch(() => {});
    },
  };
}
