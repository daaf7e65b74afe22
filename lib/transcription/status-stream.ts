import type { Database } from "@/lib/db/client";
import type { ChangeFeed } from "./change-feed";
import { roleIn } from "@/lib/access/roles";
import { eventStream, type StreamReader } from "./event-stream";
import { changedSince, toApiTranscription } from "./queries";

const MAX_LOOKBACK_MS = 10 * 60_000;

/** Where the stream starts: the page's render time when given (so nothing in between is missed), at most 10 minutes back. */
export function streamStart(sinceParam: string | null, now = Date.now()): Date {
  const since = sinceParam ? Date.parse(sinceParam) : NaN;
  if (!Number.isFinite(since)) return new Date(now - 2000);
  return new Date(Math.min(now, Math.max(since, now - MAX_LOOKBACK_MS)));
}

// Rows are stamped by whichever process wrote them; re-reading this far back covers clock
// differences between processes, and what was already sent is skipped by its stamp.
const OVERLAP_MS = 10_000;

/**
 * Reads the database (not process memory) so it sees progress written by any worker on
 * any host. It reads when the feed says the user's rows changed (PostgreSQL's NOTIFY) or
 * once a second (PGlite): one indexed query of the columns it sends, never two at once.
 * It ends when its reader's session ends or, in a workspace, when they leave it.
 */
export function statusStream(
  database: Database,
  feed: ChangeFeed,
  reader: StreamReader,
  space: string | null,
  signal: AbortSignal,
  start: Date,
): ReadableStream<Uint8Array> {
  const { userId } = reader;
  const lastSent = new Map<string, number>();
  let newest = start.getTime();
  return eventStream({
    owner: userId,
    signal,
    // A workspace's stream ends when its reader is no longer a member (the browser then opens the personal space's).
    allowed: async () => (await reader.stillSignedIn()) && (space === null || (await roleIn(database, userId, space)) !== null),
    step: async (send) => {
      const since = new Date(Math.max(start.getTime(), newest - OVERLAP_MS));
      const rows = await changedSince(database, userId, space, since).catch(() => []);
      for (const row of rows) {
        const stamp = row.updatedAt.getTime();
        if ((lastSent.get(row.id) ?? -Infinity) >= stamp) continue;
        lastSent.set(row.id, stamp);
        newest = Math.max(newest, stamp);
        send(`data: ${JSON.stringify(toApiTranscription(row))}\n\n`);
      }
      return "more";
    },
    // A workspace's rows announce themselves under its id as well (migration 0024's trigger).
    wait: (stop) => feed.next(space ?? userId, stop),
  });
}
