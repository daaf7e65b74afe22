import { eq } from "drizzle-orm";
import { z } from "zod";
import type { Database, Tx } from "@/lib/db/client";
import { liveSessions, type LiveSession } from "@/lib/db/schema";
import { jobKind } from "@/lib/jobs/definition";
import { enqueue } from "@/lib/jobs/enqueue";
import { complete, type HeldJob } from "@/lib/jobs/store";

/**
 * A recording that sends no audio for this long (paused, or a silent tab) gives its live slot
 * back, so idle recordings cannot keep everyone else from live text; its next chunk asks for
 * one again. The worker takes a shorter time as an option (tests).
 */
export const LIVE_IDLE_RELEASE_MS = 30_000;

/** A live job's payload: the chunk it starts at when it resumes a recording whose slot was given back (every one before it was heard). */
export const LivePayload = z.object({ fromChunk: z.number().int().nonnegative() }).nullish();
export type LivePayload = z.infer<typeof LivePayload>;

/**
 * One recording transcribed while it is made (./live-job.ts), on the live lane. Tried 3 times
 * (a worker that dies hands it to the next), never after a wait: the recording goes on, and is
 * transcribed in full when it stops.
 */
export const liveKind = jobKind({ kind: "live", payload: LivePayload, lane: "live", maxAttempts: 3, backoffMs: () => 0 });

/** Asks for a live slot for a recording (`payer`'s turn in the live lane): a worker with a free one takes it at once. */
export async function queueLiveJob(
  tx: Tx | Database,
  session: Pick<LiveSession, "transcriptionId" | "userId">,
  payer: string,
  priority: number,
  fromChunk?: number,
): Promise<void> {
  await enqueue(tx, liveKind, fromChunk === undefined ? null : { fromChunk }, {
    transcriptionId: session.transcriptionId,
    userId: session.userId,
    account: payer,
    priority,
  });
}

/**
 * Gives the slot back: the worker's engine heard every chunk before `heardChunks` and
 * reported its words. Not when a chunk came meanwhile or the recording stopped (`busy`: the
 * session goes on), nor when the job is no longer this worker's (`lost`). Takes the session
 * row first, as receiving and canceling do, so a chunk arriving now either lands before this
 * (the slot is kept) or sees the slot given back (and asks for one).
 */
export async function releaseIdleSlot(
  database: Database,
  job: HeldJob,
  transcriptionId: string,
  heardChunks: number,
): Promise<"released" | "busy" | "lost"> {
  return database.transaction(async (tx) => {
    const [session] = await tx
      .select({ chunks: liveSessions.chunks, stoppedAt: liveSessions.stoppedAt })
      .from(liveSessions)
      .where(eq(liveSessions.transcriptionId, transcriptionId))
      .for("update");
    if (!session || session.stoppedAt || session.chunks > heardChunks) return "busy";
    if (!(await complete(tx, job))) return "lost";
    await tx.update(liveSessions).set({ slotReleasedAtChunk: heardChunks, pending: "" }).where(eq(liveSessions.transcriptionId, transcriptionId));
    return "released";
  });
}

/**
 * The first audio after its slot was given back (`session` as this chunk left it): the
 * recording asks for a live slot again, to go on from the chunk the engine stopped at. With
 * every slot taken its job waits in the queue and takes the next one that frees; the audio
 * is stored meanwhile, so nothing is lost.
 */
export async function reclaimIdleSlot(tx: Tx, session: LiveSession, payer: string, priority: number): Promise<void> {
  const from = session.slotReleasedAtChunk;
  if (!session.live || from === null || session.stoppedAt) return;
  await tx.update(liveSessions).set({ slotReleasedAtChunk: null }).where(eq(liveSessions.transcriptionId, session.transcriptionId));
  await queueLiveJob(tx, session, payer, priority, from);
}
