import type { Database } from "@/lib/db/client";
import type { Transcription } from "@/lib/db/schema";
import type { ChangeFeed } from "@/lib/transcription/change-feed";
import { eventStream, type StreamReader } from "@/lib/transcription/event-stream";
import { isReadable } from "@/lib/transcription/queries";
import { othersPresent } from "./presence";
import { changesSince, versionsOf } from "./transcript-changes";

/**
 * What an open editor hears from the server, as server-sent events: `changes` (id: the
 * version) whenever anyone saves, splits or merges, so the page shows others' edits without
 * reloading; `presence` whenever who else has it open, or where they edit, changes. Woken by
 * the change feed of the transcription's space: a save bumps the transcription's version, and
 * its row's trigger announces it on every host. It ends when the reader may no longer read it.
 */
export function editStream(
  database: Database,
  feed: ChangeFeed,
  reader: StreamReader,
  transcription: Pick<Transcription, "id" | "userId" | "workspaceId">,
  signal: AbortSignal,
  since: number,
  clientId: string | null,
) {
  const { userId } = reader;
  let sent = since;
  let presence = "";
  return eventStream({
    owner: userId,
    signal,
    allowed: async () => (await reader.stillSignedIn()) && (await isReadable(database, userId, transcription.id)),
    step: async (send) => {
      const at = await versionsOf(database, transcription.id);
      if (!at) return "end";
      if (at.version > sent) {
        const changes = await changesSince(database, transcription.id, sent);
        if (changes) {
          sent = changes.version;
          send(`event: changes\nid: ${changes.version}\ndata: ${JSON.stringify(changes)}\n\n`);
        }
      }
      const now = JSON.stringify(await othersPresent(database, transcription.id, clientId));
      if (now !== presence) {
        presence = now;
        send(`event: presence\ndata: ${now}\n\n`);
      }
      return "more";
    },
    wait: (stop) => feed.next(transcription.workspaceId ?? transcription.userId, stop),
  });
}
