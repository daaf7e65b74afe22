/**
 * The terms of Recently deleted, shared by the server (./deletion.ts) and the pages that
 * say them: how long a deleted transcription is kept, and that deleting frees no plan time.
 */

/** How long a deleted transcription stays in Recently deleted, restorable, before it is removed for good. */
export const RECENTLY_DELETED_DAYS = 30;

const DAY_MS = 86_400_000;

export const RECENTLY_DELETED_MS = RECENTLY_DELETED_DAYS * DAY_MS;

/** Said wherever a user deletes: the minutes were used when it was transcribed, and stay used. */
export const DELETING_KEEPS_USAGE = "Deleting doesn't give back the minutes it used.";

/** Whole days until a transcription deleted at `purgeAt - 30 days` is removed for good (0 once it is due). */
export function daysLeft(purgeAt: string, now = Date.now()): number {
  return Math.max(0, Math.ceil((Date.parse(purgeAt) - now) / DAY_MS));
}
