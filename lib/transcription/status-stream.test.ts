import { ApiTranscription } from "@/lib/api/contract/transcription";
import { eventData } from "@/lib/api/event-data";
import { BACKENDS, useOpenedDatabase } from "@/test/support/databases";
import { insertDoneTranscription } from "@/test/support/transcripts";
import { insertUser, signedInReader } from "@/test/support/users";
import type { ChangeFeed } from "./change-feed";
import { statusStream, streamStart } from "./status-stream";

describe("streamStart", () => {
  const now = Date.parse("2026-11-21T12:00:00Z");
  it("starts at the page's render time", () => {
    expect(streamStart("2026-11-21T11:59:30.000Z", now).toISOString()).toBe("2026-11-21T11:59:30.000Z");
  });
  it("looks back at most 10 minutes and never into the future", () => {
    expect(streamStart("2020-01-01T00:00:00Z", now).toISOString()).toBe("2026-11-21T11:50:00.000Z");
    expect(streamStart("2030-01-01T00:00:00Z", now).toISOString()).toBe("2026-11-21T12:00:00.000Z");
  });
  it("falls back to just now for a missing or bad value", () => {
    expect(streamStart(null, now).toISOString()).toBe("2026-11-21T11:59:58.000Z");
    expect(streamStart("yesterday-ish", now).toISOString()).toBe("2026-11-21T11:59:58.000Z");
  });
});

describe.each(BACKENDS)("statusStream on %s", (_name, open) => {
  const t = useOpenedDatabase(open);

  it("sends each change as the contract's ApiTranscription, which the browser's check accepts", async () => {
    const userId = await insertUser(t.db);
    const start = new Date(Date.now() - 5000);
    const id = await insertDoneTranscription(t.db, userId, [{ startMs: 0, endMs: 1000, text: "Hello." }], "Streamed");
    const stop = new AbortController();
    // No further change comes: the stream waits until it is stopped.
    const feed: ChangeFeed = { next: (_user, signal) => new Promise((resolve) => signal.addEventListener("abort", () => resolve())) };
    const reader = statusStream(t.db, feed, signedInReader(userId), null, stop.signal, start).getReader();
    let text = "";
    while (!text.includes("data: ")) text += new TextDecoder().decode((await reader.read()).value);
    stop.abort();
    const data = text.split("\n").find((line) => line.startsWith("data: "))!.slice("data: ".length);
    expect(eventData(ApiTranscription, data)).toMatchObject({ id, title: "Streamed", status: "done", progress: 100 });
  });
});
