import type { DeletedTranscription } from "@/lib/api/contract/transcription";
import { and, desc, eq, gt, isNotNull, isNull, lte, or, sql } from "drizzle-orm";
import type { Database, Tx } from "@/lib/db/client";
import { transcriptions, type Transcription } from "@/lib/db/schema";
import { DomainError } from "@/lib/errors/domain-error";
import { cancelOpen } from "@/lib/jobs/store";
import { log } from "@/lib/log/logger";
import { removeAudio } from "@/lib/storage/audio-store";
import { RECENTLY_DELETED_MS } from "./deletion-terms";
import { deletableBy, type Within } from "@/lib/access/visibility";
import { SUMMARY, TRANSCRIPTION_NOT_FOUND, readableTranscription, toApiTranscription, type TranscriptionSummary } from "./queries";
import { cancelTranscription } from "./queue";

/**
 * Deleting a transcription moves it to Recently deleted: for RECENTLY_DELETED_DAYS it is
 * kept with its audio and its owner may restore it; to every other read it is not found
 * (lib/workspaces/visibility.ts). Then a scheduled purge removes it and its audio for good, as
 * "Delete for good" does at once. Usage is never given back for what was transcribed.
 */

export const NOT_RECENTLY_DELETED = "This transcription is not in Recently deleted.";
const NOT_YOURS_TO_DELETE = "Only the person who added this transcription, or a workspace admin, can delete it.";

/** Deleted after this moment: still kept. By the database's clock, as `deleted_at` was written. */
const keptSince = () => sql`now() - make_interval(secs => ${RECENTLY_DELETED_MS / 1000})`;

/** The user's transcriptions in Recently deleted (not those past keeping, which the purge is about to remove). */
const inRecentlyDeleted = (userId: string) =>
  and(deletableBy(userId), isNotNull(transcriptions.deletedAt), gt(transcriptions.deletedAt, keptSince()));

/** One the user may delete and has not yet: not found to a stranger, forbidden to a member who may only read or edit it. */
async function deletableTranscription(database: Database, userId: string, id: string, within?: Within): Promise<Transcription> {
  const t = await readableTranscription(database, userId, id, within);
  const [mine] = await database.select({ id: transcriptions.id }).from(transcriptions).where(and(eq(transcriptions.id, id), deletableBy(userId)));
  if (!mine) throw new DomainError("forbidden", NOT_YOURS_TO_DELETE);
  return t;
}

/** Marks a row as past keeping: invisible and unrestorable at once, and the purge's to finish if removing it now fails. */
const PAST_KEEPING = new Date(0);

/**
 * Work still going on for it ends: a formatting run is dropped, a recording or a queued or
 * running transcription is canceled (what it did not transcribe is given back, as a cancel
 * does; its worker sees the job gone at its next lease renewal). The formatting job goes
 * first: a formatting worker takes its job's row before the transcription's, and so do we.
 */
async function stopWork(tx: Tx, id: string): Promise<void> {
  await cancelOpen(tx, "format", id);
  const [t] = await tx.select({ userId: transcriptions.userId }).from(transcriptions).where(eq(transcriptions.id, id));
  if (t) await cancelTranscription(tx, id, t.userId);
}

/**
 * Moves the user's transcription to Recently deleted. A recording still being made has
 * nothing saved yet to restore (canceling it drops its audio), so discarding one is final.
 */
export async function deleteTranscription(database: Database, userId: string, id: string, within?: Within): Promise<void> {
  const t = await deletableTranscription(database, userId, id, within);
  if (t.status === "recording") return deleteForGood(database, userId, id);
  await database.transaction(async (tx) => {
    await stopWork(tx, id);
    await tx.update(transcriptions).set({ deletedAt: sql`now()` }).where(and(eq(transcriptions.id, id), deletableBy(userId), isNull(transcriptions.deletedAt)));
  });
}

type Deleted = TranscriptionSummary & { deletedAt: Date };

/** The user's Recently deleted, the latest deletion first, each with when it was deleted. */
export async function listRecentlyDeleted(database: Database, userId: string): Promise<Deleted[]> {
  const rows = await database
    .select({ ...SUMMARY, deletedAt: transcriptions.deletedAt })
    .from(transcriptions)
    .where(inRecentlyDeleted(userId))
    .orderBy(desc(transcriptions.deletedAt))
    .limit(500);
  return rows.flatMap(({ deletedAt, ...t }) => (deletedAt ? [{ ...t, deletedAt }] : []));
}

/** Its JSON shape, with when it was deleted and when it is removed for good. */
export function toApiDeleted(t: Deleted): DeletedTranscription {
  return { ...toApiTranscription(t), deleted_at: t.deletedAt.toISOString(), purge_at: new Date(t.deletedAt.getTime() + RECENTLY_DELETED_MS).toISOString() };
}

/** Brings a transcription back from Recently deleted, as it was (a canceled one stays canceled). */
export async function restoreTranscription(database: Database, userId: string, id: string): Promise<Transcription> {
  const [row] = await database
    .update(transcriptions)
    .set({ deletedAt: null })
    .where(and(eq(transcriptions.id, id), inRecentlyDeleted(userId)))
    .returning();
  if (!row) throw new DomainError("not_found", NOT_RECENTLY_DELETED);
  return row;
}

/**
 * Removes the user's transcription and its audio for good, whether it is in Recently
 * deleted or not. It is marked past keeping first, so once this answers it can be neither
 * seen nor restored, even when its audio cannot be removed right now (the purge tries again).
 */
export async function deleteForGood(database: Database, userId: string, id: string, within?: Within): Promise<void> {
  const space = within ? (within.space ? eq(transcriptions.workspaceId, within.space) : isNull(transcriptions.workspaceId)) : undefined;
  const [t] = await database
    .select({ id: transcriptions.id })
    .from(transcriptions)
    .where(and(eq(transcriptions.id, id), space, or(isNull(transcriptions.deletedAt), inRecentlyDeleted(userId))));
  if (!t) throw new DomainError("not_found", TRANSCRIPTION_NOT_FOUND);
  const [removable] = await database.select({ deletedAt: transcriptions.deletedAt }).from(transcriptions).where(and(eq(transcriptions.id, id), deletableBy(userId)));
  if (!removable) {
    // A stranger learns nothing; a member who can read it is told why not.
    await readableTranscription(database, userId, id);
    throw new DomainError("forbidden", NOT_YOURS_TO_DELETE);
  }
  const [row] = await database.transaction(async (tx) => {
    await stopWork(tx, id);
    return tx
      .update(transcriptions)
      .set({ deletedAt: PAST_KEEPING })
      .where(and(eq(transcriptions.id, id), deletableBy(userId)))
      .returning({ id: transcriptions.id, audioKey: transcriptions.audioKey });
  });
  if (!row) throw new DomainError("not_found", TRANSCRIPTION_NOT_FOUND);
  await purge(database, row).catch((error: unknown) => log().error({ err: error, transcriptionId: id }, "could not remove a deleted transcription yet; the purge tries again"));
}

/**
 * Its audio first, then its row (segments, speakers, jobs and search entry go with it by
 * cascade): audio that cannot be removed now leaves the row for the next purge to try again.
 */
async function purge(database: Database, t: { id: string; audioKey: string }): Promise<void> {
  await removeAudio(t.audioKey);
  await database.delete(transcriptions).where(and(eq(transcriptions.id, t.id), lte(transcriptions.deletedAt, keptSince())));
}

const PURGE_BATCH = 100;

/**
 * The scheduled purge: every transcription deleted RECENTLY_DELETED_DAYS ago or longer,
 * with its audio, a batch at a time. A batch with a failure ends the run (it is logged;
 * the next run tries again) so that one broken file cannot keep it going round.
 */
export async function purgeDeletedTranscriptions(database: Database): Promise<number> {
  let purged = 0;
  for (;;) {
    const due = await database
      .select({ id: transcriptions.id, audioKey: transcriptions.audioKey })
      .from(transcriptions)
      .where(and(isNotNull(transcriptions.deletedAt), lte(transcriptions.deletedAt, keptSince())))
      .limit(PURGE_BATCH);
    let failed = false;
    for (const t of due) {
      try {
        await purge(database, t);
        purged++;
      } catch (error) {
        failed = true;
        log().error({ err: error, transcriptionId: t.id }, "could not remove a deleted transcription's audio; the next purge tries again");
      }
    }
    if (failed || due.length < PURGE_BATCH) return purged;
  }
}
