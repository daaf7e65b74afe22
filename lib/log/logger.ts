import { AsyncLocalStorage } from "node:async_hooks";
import pino, { type Logger } from "pino";
import pretty from "pino-pretty";
import { env } from "@/lib/env";

/**
 * The one logger: JSON lines in production (one object per event, for a log collector),
 * readable lines in development. What is known about the work under way — the request id of
 * a request, the job id and kind of a job — rides along in an AsyncLocalStorage, so every
 * line written while serving it carries those fields without passing a logger around.
 */

export type LogContext = Record<string, string | number | undefined>;

const context = new AsyncLocalStorage<LogContext>();

// On globalThis: each bundle (routes, instrumentation, the worker) has its own copy of this
// module, and one destination per process keeps lines whole.
const globalForLog = globalThis as unknown as { verbatimLogger?: Logger };

function base(): Logger {
  if (globalForLog.verbatimLogger) return globalForLog.verbatimLogger;
  const { LOG_LEVEL, LOG_FORMAT, NODE_ENV } = env();
  const format = LOG_FORMAT === "auto" ? (NODE_ENV === "production" ? "json" : "pretty") : LOG_FORMAT;
  const options = { level: LOG_LEVEL, base: { pid: process.pid }, serializers: { err: withoutQueryParameters } };
  // pino-pretty as a stream in this thread, not a transport: a transport starts a worker
  // thread from a file name, which the bundler cannot follow.
  globalForLog.verbatimLogger =
    format === "json"
      ? pino(options)
      : pino(options, pretty({ colorize: process.stdout.isTTY, sync: true, ignore: "pid,hostname", translateTime: "SYS:HH:MM:ss.l" }));
  return globalForLog.verbatimLogger;
}

/**
 * A failed query's error carries its SQL parameters (Drizzle puts them in the message and in
 * `params`): a reset link being queued, a transcript being stored. Logged errors keep the
 * SQL, never the values.
 */
function withoutQueryParameters(error: unknown): unknown {
  const serialized = pino.stdSerializers.err(error as Error) as unknown as Record<string, unknown>;
  const scrub = (entry: Record<string, unknown> | undefined): void => {
    if (!entry || typeof entry !== "object") return;
    delete entry.params;
    for (const key of ["message", "stack"]) {
      if (typeof entry[key] === "string") entry[key] = (entry[key] as string).replace(/\nparams: [^\n]*/g, "\nparams: (not logged)");
    }
    scrub(entry.cause as Record<string, unknown> | undefined);
  };
  scrub(serialized);
  return serialized;
}

/** The logger for what is happening now, with the request's or job's fields on every line. */
export function log(): Logger {
  const fields = context.getStore();
  return fields ? base().child(fields) : base();
}

/** Whether lines of this level are written at all: a caller skips building what would be dropped. */
export function logsAt(level: "debug" | "info"): boolean {
  return base().isLevelEnabled(level);
}

/** Runs `fn` with these fields added to every line it (and whatever it awaits) logs. */
export function withLogContext<T>(fields: LogContext, fn: () => T): T {
  return context.run({ ...context.getStore(), ...fields }, fn);
}

/** The fields of the work under way (the request id a response echoes). */
export function logContext(): LogContext | undefined {
  return context.getStore();
}
