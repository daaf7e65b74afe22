import os from "node:os";
import type { Worker } from "node:worker_threads";
import { DomainError, type ErrorKind } from "@/lib/errors/domain-error";
import { spawnThread } from "./spawn-thread";
import type { TaskInput, TaskName, TaskOutput } from "./tasks";
import type { TaskReply, TaskRequest } from "./thread-entry";
import { log } from "@/lib/log/logger";

// One core is left to the request thread (and the database, when embedded); at least one thread.
const THREADS = Math.max(1, Math.min(4, os.availableParallelism() - 1));
// Work waiting beyond this is refused: a flood of heavy requests queues, it does not pile up memory.
const MAX_WAITING = 64;
// A task still running after this is stopped with its thread: inputs are bounded (a 10-hour
// transcript's PDF, the longest, takes about 30 s here), so it is stuck.
const TASK_TIMEOUT_MS = 300_000;
// Idle threads end, so an idle server holds no more memory than before (issue 16's budget).
const IDLE_MS = 30_000;

// Heavy requests of one user under way at once (running or waiting): a person saves, exports
// or formats one thing at a time; one account must not fill the queue for everyone.
const MAX_TASKS_PER_OWNER = 2;

export const BUSY_MESSAGE = "The server is busy. Try again in a minute.";
export const OWNER_BUSY_MESSAGE = "Your earlier saves, exports or formatting are still under way. Try again when they are done.";
const FAILED_MESSAGE = "The server could not finish this request. Try again.";

interface Pending {
  request: TaskRequest;
  resolve: (output: unknown) => void;
  reject: (error: Error) => void;
}

interface Lane {
  worker: Worker;
  running?: Pending;
  timer?: NodeJS.Timeout;
}

const lanes: Lane[] = [];
const waiting: Pending[] = [];
let nextId = 1;
const underWay = new Map<string, number>();

/**
 * Runs `task` for `owner` (a user id) in a worker thread and resolves with its output; a
 * DomainError thrown by the task arrives as the same DomainError. Requests wait their turn
 * for one of THREADS threads; an owner has at most MAX_TASKS_PER_OWNER under way. An input
 * that must first be read (a transcript's segments) is given as a function, called only once
 * the owner's place is taken: a refused request then reads nothing.
 */
export async function runOffThread<K extends TaskName>(task: K, input: TaskInput<K> | (() => Promise<TaskInput<K>>), owner: string): Promise<TaskOutput<K>> {
  const mine = underWay.get(owner) ?? 0;
  if (mine >= MAX_TASKS_PER_OWNER) throw new DomainError("rate_limited", OWNER_BUSY_MESSAGE);
  if (waiting.length >= MAX_WAITING) throw new DomainError("unavailable", BUSY_MESSAGE);
  underWay.set(owner, mine + 1);
  try {
    const read = typeof input === "function" ? await input() : input;
    return await new Promise<TaskOutput<K>>((resolve, reject) => {
      waiting.push({ request: { id: nextId++, task, input: read }, resolve: resolve as (output: unknown) => void, reject });
      dispatch();
    });
  } finally {
    const left = (underWay.get(owner) ?? 1) - 1;
    if (left > 0) underWay.set(owner, left);
    else underWay.delete(owner);
  }
}

function dispatch(): void {
  while (waiting.length) {
    const lane = lanes.find((l) => !l.running) ?? (lanes.length < THREADS ? startLane() : undefined);
    if (!lane) return;
    const job = waiting.shift()!;
    clearTimeout(lane.timer);
    lane.running = job;
    lane.timer = setTimeout(() => fail(lane, new DomainError("unavailable", FAILED_MESSAGE)), TASK_TIMEOUT_MS).unref();
    lane.worker.ref();
    lane.worker.postMessage(job.request);
  }
}

function startLane(): Lane {
  const lane: Lane = { worker: spawnThread() };
  lane.worker.on("message", (reply: TaskReply) => settle(lane, reply));
  lane.worker.on("error", (error) => fail(lane, error instanceof Error ? error : new Error(String(error))));
  lane.worker.on("exit", () => fail(lane, new DomainError("unavailable", FAILED_MESSAGE)));
  lanes.push(lane);
  return lane;
}

function settle(lane: Lane, reply: TaskReply): void {
  const job = lane.running;
  if (!job || job.request.id !== reply.id) return;
  clearTimeout(lane.timer);
  lane.running = undefined;
  if ("output" in reply) job.resolve(reply.output);
  else if ("domainError" in reply) job.reject(new DomainError(reply.domainError.kind as ErrorKind, reply.domainError.message, reply.domainError.data));
  else {
    log().error({ task: job.request.task, failure: reply.failure }, "off-thread task failed");
    job.reject(new DomainError("unavailable", FAILED_MESSAGE));
  }
  // An idle thread must not keep a script or test process alive, and ends after a while.
  lane.worker.unref();
  lane.timer = setTimeout(() => retire(lane), IDLE_MS).unref();
  dispatch();
}

/** The thread crashed, exited or overran: its task fails, the thread goes, the queue goes on. */
function fail(lane: Lane, error: Error): void {
  if (!lanes.includes(lane)) return;
  const job = lane.running;
  retire(lane);
  if (job) {
    if (!(error instanceof DomainError)) log().error({ err: error, task: job.request.task }, "off-thread: the thread failed");
    job.reject(error instanceof DomainError ? error : new DomainError("unavailable", FAILED_MESSAGE));
  }
  dispatch();
}

function retire(lane: Lane): void {
  const at = lanes.indexOf(lane);
  if (at < 0) return;
  lanes.splice(at, 1);
  clearTimeout(lane.timer);
  lane.worker.removeAllListeners();
  // An error racing the end (an exception as the time limit strikes) must not go unheard:
  // an "error" event without a listener would take the whole server down.
  lane.worker.on("error", () => undefined);
  void lane.worker.terminate();
}
