import { GET as liveEvents } from "@/app/api/recordings/[id]/events/route";
import { GET as statusEvents } from "@/app/api/transcriptions/events/route";
import type { Database } from "@/lib/db/client";
import { BACKENDS, useOpenedDatabase } from "@/test/support/databases";
import { useTestEnv } from "@/test/support/env";
import { insertDoneTranscription } from "@/test/support/transcripts";
import { insertUser } from "@/test/support/users";
import { MAX_STREAMS_PER_USER } from "./stream-slots";

// The real stream routes on a real database; only the session is given (Better Auth's
// cookie check needs its ES modules, which these tests cannot load): the user named in `x-test-user`.
const mockDatabase: { current?: Database } = {};
jest.mock("@/lib/db/client", () => ({ ...jest.requireActual("@/lib/db/client"), db: () => mockDatabase.current }));
jest.mock("@/lib/auth/session", () => ({
  currentUser: async (_db: unknown, headers: Headers) => {
    const id = headers.get("x-test-user");
    return id ? { id, email: `${id}@example.com`, isActive: true } : null;
  },
}));

const TOO_MANY = "You have too many live views open. Close some tabs and try again.";
const APP_URL = "http://localhost:3000";

describe.each(BACKENDS.slice(0, 1))("open event streams per user, on %s", (_name, open) => {
  useTestEnv({ APP_URL });
  const t = useOpenedDatabase(open);
  const tabs: AbortController[] = [];
  afterAll(() => tabs.forEach((tab) => tab.abort()));

  /** Opens the status stream as a browser tab of `userId` does; close the tab with the controller. */
  async function openStatus(userId: string) {
    const tab = new AbortController();
    tabs.push(tab);
    const response = await statusEvents(new Request(`${APP_URL}/api/transcriptions/events`, { headers: { "x-test-user": userId }, signal: tab.signal }));
    return { tab, response };
  }
  const openLive = (userId: string, transcriptionId: string) =>
    liveEvents(new Request(`${APP_URL}/api/recordings/${transcriptionId}/events`, { headers: { "x-test-user": userId } }), {
      params: Promise.resolve({ id: transcriptionId }),
    });

  it("opens 10 per user; the 11th is 429 with a sentence; closing a tab lets a new one open", async () => {
    mockDatabase.current = t.db;
    const me = await insertUser(t.db);
    const opened = [];
    for (let i = 0; i < MAX_STREAMS_PER_USER; i++) opened.push(await openStatus(me));
    expect(opened.map(({ response }) => [response.status, response.headers.get("content-type")])).toEqual(
      Array.from({ length: 10 }, () => [200, "text/event-stream"]),
    );

    const eleventh = await openStatus(me);
    expect(eleventh.response.status).toBe(429);
    expect(await eleventh.response.json()).toEqual({ detail: TOO_MANY });
    // The live text of a recording counts among the same streams.
    const recording = await insertDoneTranscription(t.db, me, []);
    const live = await openLive(me, recording);
    expect(live.status).toBe(429);
    expect(await live.json()).toEqual({ detail: TOO_MANY });
    // Another user is not held back by this one.
    expect((await openStatus(await insertUser(t.db))).response.status).toBe(200);

    opened[0].tab.abort(); // the client goes away
    const again = await openStatus(me);
    expect(again.response.status).toBe(200);
    expect((await openStatus(me)).response.status).toBe(429);

    await opened[1].response.body!.cancel(); // the browser drops the answer
    expect((await openStatus(me)).response.status).toBe(200);
  });

  it("HEAD answers the headers only and holds no slot (its body is never read)", async () => {
    mockDatabase.current = t.db;
    const me = await insertUser(t.db);
    for (let i = 0; i < MAX_STREAMS_PER_USER + 5; i++) {
      const head = await statusEvents(new Request(`${APP_URL}/api/transcriptions/events`, { method: "HEAD", headers: { "x-test-user": me } }));
      expect([head.status, head.headers.get("content-type"), head.body]).toEqual([200, "text/event-stream", null]);
    }
    expect((await openStatus(me)).response.status).toBe(200);
  });

  it("gives the slot back when a stream ends by itself", async () => {
    mockDatabase.current = t.db;
    const me = await insertUser(t.db);
    const finished = await insertDoneTranscription(t.db, me, []);
    // A recording that is done: its live stream says `end` and closes.
    for (let i = 0; i < MAX_STREAMS_PER_USER + 5; i++) {
      const response = await openLive(me, finished);
      expect(response.status).toBe(200);
      expect(await response.text()).toContain("event: end");
    }
    for (let i = 0; i < MAX_STREAMS_PER_USER; i++) expect((await openStatus(me)).response.status).toBe(200);
    expect((await openStatus(me)).response.status).toBe(429);
  });
});
