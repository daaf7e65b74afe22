import { eq } from "drizzle-orm";
import type { Database, Tx } from "@/lib/db/client";
import { jobs, liveSessions, type LiveSession } from "@/lib/db/schema";
import { enqueueJob, heldBy, type ClaimedJob } from "@/lib/jobs/job-queue";

/**
 * A recording that sends no audio for this long (paused, or a silent tab) gives its live slot
 * back, so idle recordings cannot keep everyone else from live text; its next chunk asks for
 * one again. The worker takes a shorter time as an option (tests).
 */
export const LIVE_IDLE_RELEASE_MS = 30_000;

/** The chunk a live job starts at when it resumes a recording whose slot was given back: every one before it was heard. */
export function resumedFrom(payload: unknown): number {
  if (typeof payload !== "object" || payload === null || !("fromChunk" in payload)) return 0;
  const { fromChunk } = payload;
  return typeof fromChunk === "number" && Number.isInteger(fromChunk) && fromChunk >= 0 ? fromChunk : 0;
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
  job: Pick<ClaimedJob, "id">,
  workerId: string,
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
    const mine = await tx.delete(jobs).where(heldBy(job, workerId)).returning({ id: jobs.id });
    if (!mine.length) return "lost";
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
export async function reclaimIdleSlot(tx: Tx, session: LiveSession, priority: number): Promise<void> {
  const from = session.slotReleasedAtChunk;
  if (!session.live || from === null || session.stoppedAt) return;
  await tx.update(liveSessions).set({ slotReleasedAtChunk: null }).where(eq(liveSessions.transcriptionId, session.transcriptionId));
  await enqueueJob(tx, { kind: "live", transcriptionId: session.transcriptionId, userId: session.userId, priority, maxAttempts: 3, payload: { fromChunk: from } });
}
