import { z } from "zod";
import type { Database, Tx } from "@/lib/db/client";
import type { JobKindSpec } from "./definition";
import { insertJob } from "./store";

/** Who a queued job is for and where it stands in its lane. */
export interface Queued {
  transcriptionId?: string;
  userId?: string;
  /** whose turn it uses (the payer of the work, a mail's recipient); default `userId` */
  account?: string;
  priority?: number;
}

/**
 * Queues a job of `kind`: its payload checked against the kind's schema now (a wrong one is a
 * bug, thrown at the caller, not a dead letter found later), its attempts the kind's. Inside
 * a transaction the job exists only if the change it belongs to commits. The new job's id;
 * null when a unique rule of the kind refuses it (a file's second transcription, a user's
 * second formatting).
 */
export async function enqueue<P>(tx: Tx | Database, kind: JobKindSpec<P>, payload: P, queued: Queued = {}): Promise<string | null> {
  const checked = z.parse(kind.payload, payload);
  return insertJob(tx, { ...queued, kind: kind.kind, payload: checked ?? null, maxAttempts: kind.maxAttempts });
}
