import { and, count, eq, gt, lt, sql } from "drizzle-orm";
import type { Database, Tx } from "@/lib/db/client";
import { directUploads, stagedUploads, users } from "@/lib/db/schema";
import { DomainError } from "@/lib/errors/domain-error";
import { MAX_OPEN_UPLOADS, UPLOAD_EXPIRY_MS } from "@/lib/api/contract/upload-parts";

/**
 * A user's open uploads, by every way in: raw bodies being received, tus uploads
 * (`staged_uploads`) and uploads going straight to the bucket (`direct_uploads`). At most
 * MAX_OPEN_UPLOADS at once, since each may hold up to `max_upload_mb` of disk or bucket for a
 * day. The count and the insert of a new one happen in one transaction holding the user's
 * row (FOR NO KEY UPDATE: rows that only refer to the user are not blocked), so racing starts
 * are counted one after another and never all pass, on PGlite and on PostgreSQL alike.
 */

const stillOpen = sql`now() - make_interval(secs => ${UPLOAD_EXPIRY_MS / 1000})`;

/**
 * Takes the user's row and refuses when they already have MAX_OPEN_UPLOADS open uploads: the
 * caller inserts its own in the same transaction. Expired ones no longer count (and those on
 * the web host's disk go from the table here; the bucket's are swept with their parts).
 */
export async function lockOpenUploads(tx: Tx, userId: string): Promise<void> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for("no key update");
  await tx.delete(stagedUploads).where(and(eq(stagedUploads.userId, userId), lt(stagedUploads.createdAt, stillOpen)));
  const [[staged], [direct]] = await Promise.all([
    tx.select({ n: count() }).from(stagedUploads).where(eq(stagedUploads.userId, userId)),
    tx.select({ n: count() }).from(directUploads).where(and(eq(directUploads.userId, userId), gt(directUploads.createdAt, stillOpen))),
  ]);
  const open = staged.n + direct.n;
  if (open >= MAX_OPEN_UPLOADS) throw new DomainError("conflict", `You have ${open} uploads in progress. Let one finish, or cancel one, then try again.`);
}

/** Counts a new upload to this host's disk (its id is the transcription's) as open, or refuses it. */
export async function openStagedUpload(database: Database, userId: string, id: string, way: "tus" | "raw"): Promise<void> {
  await database.transaction(async (tx) => {
    await lockOpenUploads(tx, userId);
    await tx.insert(stagedUploads).values({ id, userId, way });
  });
}

/** The upload is over (accepted, refused, canceled or failed): it no longer counts. */
export async function closeStagedUpload(database: Database, id: string): Promise<void> {
  await database.delete(stagedUploads).where(eq(stagedUploads.id, id));
}
