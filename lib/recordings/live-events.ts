import { eq } from "drizzle-orm";
import type { Database } from "@/lib/db/client";
import { liveSessions, transcriptions, type LiveUtterance } from "@/lib/db/schema";
import type { ChangeFeed } from "@/lib/transcription/change-feed";
import { eventStream, type StreamReader } from "@/lib/transcription/event-stream";
import { isReadable } from "@/lib/transcription/queries";
import { liveDraft } from "@/lib/recordings/store/draft";
import type { LiveEnd } from "@/lib/api/contract/recordings";

/** An utterance as the recording panel shows it. */
const toApiUtterance = (u: LiveUtterance) => ({ idx: u.idx, start_ms: u.startMs, end_ms: u.endMs, text: u.text });

/**
 * The live text of one recording as server-sent events: `utterance` for each new one (from
 * `fromIdx`), `pending` when the words still changing change, `state` when live
 * transcription starts or stops being available, and `end` once the recording is done with
 * (stopped and fully heard, or replaced by the full transcript). Woken by the same change
 * feed as the status stream, so text appears as soon as a worker on any host stores it.
 * It ends as soon as its reader may no longer read the transcription.
 */
export function liveEventStream(
  database: Database,
  feed: ChangeFeed,
  reader: StreamReader,
  recording: { id: string; userId: string },
  signal: AbortSignal,
  fromIdx: number,
) {
  const { userId } = reader;
  const transcriptionId = recording.id;
  let next = fromIdx;
  let pending = "";
  let state = "";
  return eventStream({
    owner: userId,
    signal,
    // Removed from its workspace, signed out, the transcription deleted: no more of its words.
    allowed: async () => (await reader.stillSignedIn()) && (await isReadable(database, userId, transcriptionId)),
    step: async (send) => {
      for (const u of await liveDraft(database, transcriptionId, next)) {
        send(`event: utterance\ndata: ${JSON.stringify(toApiUtterance(u))}\n\n`);
        next = u.idx + 1;
        // The browser drops the words still changing as their utterance arrives: any newer ones are sent again.
        pending = "";
      }
      const [session] = await database.select().from(liveSessions).where(eq(liveSessions.transcriptionId, transcriptionId));
      if (!session) {
        const [t] = await database.select({ status: transcriptions.status, error: transcriptions.error }).from(transcriptions).where(eq(transcriptions.id, transcriptionId));
        // Done with a note: the full-quality pass failed and the live text is the transcript.
        const end: LiveEnd = { status: t?.status ?? null, live_kept: t?.status === "done" && t.error !== null };
        send(`event: end\ndata: ${JSON.stringify(end)}\n\n`);
        return "end";
      }
      if (session.pending !== pending) {
        pending = session.pending;
        send(`event: pending\ndata: ${JSON.stringify({ text: pending })}\n\n`);
      }
      const now = JSON.stringify({ live: session.live, not_live_reason: session.notLiveReason, stopped: session.stoppedAt !== null });
      if (now !== state) {
        state = now;
        send(`event: state\ndata: ${now}\n\n`);
      }
      return "more";
    },
    // Its recorder's changes wake it (the live runner announces them), whoever reads it.
    wait: (stop) => feed.next(recording.userId, stop),
  });
}
