import { z } from "zod";
import type { Database, Tx } from "@/lib/db/client";
import { exponentialBackoff, jobKind } from "@/lib/jobs/definition";
import { enqueue } from "@/lib/jobs/enqueue";

/**
 * A file's transcription, run by ./transcribe-job.ts on the files lane. The job names its
 * transcription and carries nothing else. Tried 4 times: a transient engine error goes back
 * to the queue.
 */
export const transcribeKind = jobKind({ kind: "transcribe", payload: z.null(), lane: "files", maxAttempts: 4, backoffMs: exponentialBackoff });

/** Queues a file's transcription; `payer` (whose hours it uses) is whose turn it takes in the files lane. */
export async function queueTranscription(tx: Tx | Database, transcriptionId: string, priority: number, payer: string): Promise<void> {
  await enqueue(tx, transcribeKind, null, { transcriptionId, account: payer, priority });
}
