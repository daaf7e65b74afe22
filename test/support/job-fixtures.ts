import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { z } from "zod";
import type { Database, Tx } from "@/lib/db/client";
import { jobs, transcriptions, type JobKind } from "@/lib/db/schema";
import type { JobDefinition, OperatorJob } from "@/lib/jobs/definition";
import { claim, insertJob, fail, type NewJob } from "@/lib/jobs/store";

export const LEASE_MS = 30_000;

/** A file row of `userId`'s, for jobs that work on one. */
export async function insertFile(database: Database, userId: string, title = "Interview"): Promise<string> {
  const id = randomUUID();
  await database.insert(transcriptions).values({
    id,
    userId,
    title,
    durationS: 60,
    reservedSeconds: 60,
    usagePeriodStart: new Date(),
    audioKey: `${userId}/${id}`,
    originalFilename: "interview.wav",
    contentType: "audio/wav",
    sizeBytes: 1,
  });
  return id;
}

/** A job queued now, or `agoS` seconds ago (lists show the newest first). */
export async function queued(database: Database, job: NewJob, agoS = 0): Promise<string> {
  const id = (await insertJob(database, job))!;
  if (agoS) await database.update(jobs).set({ createdAt: sql`now() - make_interval(secs => ${agoS})` }).where(eq(jobs.id, id));
  return id;
}

/** Takes the queued job of this kind as `workerId` and fails it for good with `reason`. */
export async function failedJob(database: Database, kind: JobKind, reason: string, workerId = "w-test"): Promise<string> {
  const held = (await claim(database, workerId, [kind], LEASE_MS))!;
  await fail(database, held, reason);
  return held.id;
}

export interface HookCall {
  hook: "cancel" | "redrive";
  job: OperatorJob;
}

/**
 * A kind's definition for tests of the operators' actions: the hooks given (each recorded in
 * `calls`, and run in the action's transaction), nothing else of use.
 */
export function fakeDefinition(
  kind: JobKind,
  calls: HookCall[],
  hooks: { cancel?: boolean; redrive?: boolean; write?: (tx: Tx, job: OperatorJob) => Promise<void> } = { cancel: true, redrive: true },
): JobDefinition<unknown> {
  const hook = (name: HookCall["hook"]) => async (tx: Tx, job: OperatorJob) => {
    calls.push({ hook: name, job });
    await hooks.write?.(tx, job);
  };
  return {
    kind,
    payload: z.unknown(),
    lane: "tasks",
    maxAttempts: 3,
    backoffMs: () => 0,
    run: async () => {},
    transient: () => false,
    reason: String,
    operator: { cancel: hooks.cancel ? hook("cancel") : undefined, redrive: hooks.redrive ? hook("redrive") : undefined },
  };
}
