import { eq } from "drizzle-orm";
import { transcriptions } from "@/lib/db/schema";
import { BACKENDS, useOpenedDatabase } from "@/test/support/databases";
import { useTestEnv } from "@/test/support/env";
import { insertDoneTranscription } from "@/test/support/transcripts";
import { insertUser, signedInReader } from "@/test/support/users";
import { changeFeed } from "./change-feed";
import { statusStream } from "./status-stream";

/** Reads server-sent events from a stream until `count` data events came, or gives up. */
async function events(stream: ReadableStream<Uint8Array>, count: number, timeoutMs: number): Promise<Array<{ id: string; title: string }>> {
  const reader = stream.getReader();
  const decoder = new TextDecoder();
  const found: Array<{ id: string; title: string }> = [];
  let buffer = "";
  const deadline = Date.now() + timeoutMs;
  while (found.length < count && Date.now() < deadline) {
    const chunk = await Promise.race([reader.read(), new Promise<null>((r) => setTimeout(() => r(null), deadline - Date.now()))]);
    if (!chunk || chunk.done) break;
    buffer += decoder.decode(chunk.value, { stream: true });
    for (const match of buffer.matchAll(/^data: (.+)$/gm)) found.push(JSON.parse(match[1]) as { id: string; title: string });
    buffer = buffer.slice(buffer.lastIndexOf("\n") + 1);
  }
  reader.releaseLock();
  return found;
}

describe.each(BACKENDS.slice(1))("live status on %s: NOTIFY, not a query per second", (_name, open) => {
  const t = useOpenedDatabase(open);
  useTestEnv();

  it("a change written by any process reaches the user's stream at once, another user's does not", async () => {
    const db = t.db;
    process.env.DATABASE_URL = t.url!;
    const me = await insertUser(db);
    const other = await insertUser(db);
    const mine = await insertDoneTranscription(db, me, []);
    const theirs = await insertDoneTranscription(db, other, []);
    const abort = new AbortController();
    const stream = statusStream(db, changeFeed(), signedInReader(me), null, abort.signal, new Date());
    // The first read happens at once; the next only when the feed wakes it (its fallback is 15 s).
    const reading = events(stream, 1, 5000);
    await new Promise((r) => setTimeout(r, 500));
    await db.update(transcriptions).set({ title: "theirs renamed" }).where(eq(transcriptions.id, theirs));
    const started = Date.now();
    await db.update(transcriptions).set({ title: "mine renamed" }).where(eq(transcriptions.id, mine));
    const seen = await reading;
    expect(Date.now() - started).toBeLessThan(3000);
    expect(seen).toEqual([expect.objectContaining({ id: mine, title: "mine renamed" })]);
    abort.abort();
  });
});
