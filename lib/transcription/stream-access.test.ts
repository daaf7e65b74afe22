import { and, eq } from "drizzle-orm";
import { GET as liveEvents } from "@/app/api/recordings/[id]/events/route";
import { GET as statusEvents } from "@/app/api/transcriptions/events/route";
import type { Database } from "@/lib/db/client";
import { liveUtterances, transcriptions, workspaceMembers } from "@/lib/db/schema";
import { startRecording } from "@/lib/recordings/recording";
import { BACKENDS, useOpenedDatabase } from "@/test/support/databases";
import { useTestEnv } from "@/test/support/env";
import { insertDoneTranscription } from "@/test/support/transcripts";
import { insertUser } from "@/test/support/users";
import { addMember, insertWorkspace } from "@/test/support/workspaces";

// The real stream routes on a real database; only the session is given (Better Auth's
// cookie check needs its ES modules, which these tests cannot load): the user named in
// `x-test-user`, in the workspace named in `x-test-space`, until the test signs them out.
const mockDatabase: { current?: Database } = {};
const signedOut = new Set<string>();
jest.mock("@/lib/db/client", () => ({ ...jest.requireActual("@/lib/db/client"), db: () => mockDatabase.current }));
jest.mock("@/lib/auth/session", () => ({
  currentUser: async (_db: unknown, headers: Headers) => {
    const id = headers.get("x-test-user");
    return id && !signedOut.has(id) ? { id, email: `${id}@example.com`, isActive: true } : null;
  },
  currentSpace: async (_db: unknown, headers: Headers) => headers.get("x-test-space"),
}));

const APP_URL = "http://localhost:3000";
const decoder = new TextDecoder();

/** Reads a stream as a browser's EventSource does, keeping what it received. */
function follow(response: Response) {
  const reader = response.body!.getReader();
  const seen = { text: "", closed: false };
  void (async () => {
    for (;;) {
      const next = await reader.read();
      if (next.done) return void (seen.closed = true);
      seen.text += decoder.decode(next.value);
    }
  })();
  return { seen };
}

/** Waits for `check` to hold, up to `ms` (a stream that should close closes within its access recheck time and a poll). */
async function until(check: () => boolean, ms = 5000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error("timed out");
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

const utterance = (transcriptionId: string, idx: number, text: string) => ({ transcriptionId, idx, startMs: idx * 1000, endMs: idx * 1000 + 900, text });

describe.each(BACKENDS)("event streams end when their reader loses access, on %s", (_name, open) => {
  useTestEnv({ APP_URL, TRANSCRIBE_ENGINE: "sphinx" });
  const t = useOpenedDatabase(open);
  beforeEach(() => (mockDatabase.current = t.db));

  const openLive = (userId: string, transcriptionId: string) =>
    liveEvents(new Request(`${APP_URL}/api/recordings/${transcriptionId}/events`, { headers: { "x-test-user": userId } }), { params: Promise.resolve({ id: transcriptionId }) });
  const openStatus = (userId: string, space?: string) =>
    statusEvents(new Request(`${APP_URL}/api/transcriptions/events`, { headers: { "x-test-user": userId, cookie: "session=test", ...(space ? { "x-test-space": space } : {}) } }));

  async function team() {
    const [owner, member, viewer] = [await insertUser(t.db), await insertUser(t.db), await insertUser(t.db)];
    const ws = await insertWorkspace(t.db, owner);
    await addMember(t.db, ws, member, "member");
    await addMember(t.db, ws, viewer, "viewer");
    const leave = (userId: string) => t.db.delete(workspaceMembers).where(and(eq(workspaceMembers.workspaceId, ws), eq(workspaceMembers.userId, userId)));
    return { owner, member, viewer, ws, leave };
  }

  it("a viewer removed from the workspace receives no more utterances of a member's recording: the stream closes, and opening it again is 404", async () => {
    const { member, viewer, ws, leave } = await team();
    const { transcription } = await startRecording(t.db, member, { title: "Standup", language: "en", mode: "mic", workspaceId: ws });
    await t.db.insert(liveUtterances).values(utterance(transcription.id, 0, "Before the removal."));
    const stream = follow(await openLive(viewer, transcription.id));
    await until(() => stream.seen.text.includes("Before the removal."));

    await leave(viewer);
    await t.db.insert(liveUtterances).values(utterance(transcription.id, 1, "After the removal."));
    await until(() => stream.seen.closed);
    expect(stream.seen.closed).toBe(true);
    expect(stream.seen.text).not.toContain("After the removal.");
    expect(stream.seen.text).not.toContain("event: end");
    expect((await openLive(viewer, transcription.id)).status).toBe(404);
  });

  it("the recording's own stream closes when its transcription is deleted, and when its reader signs out", async () => {
    const { owner, member, ws } = await team();
    const { transcription } = await startRecording(t.db, member, { title: "Standup", language: "en", mode: "mic", workspaceId: ws });
    const [byOwner, byMember] = [follow(await openLive(owner, transcription.id)), follow(await openLive(member, transcription.id))];
    await until(() => byOwner.seen.text.includes("event: state") && byMember.seen.text.includes("event: state"));

    signedOut.add(member);
    await until(() => byMember.seen.closed);
    expect(byMember.seen.closed).toBe(true);
    expect(byOwner.seen.closed).toBe(false);

    // In Recently deleted (its live session left as it was): the owner's stream ends too.
    await t.db.update(transcriptions).set({ deletedAt: new Date() }).where(eq(transcriptions.id, transcription.id));
    await t.db.insert(liveUtterances).values(utterance(transcription.id, 0, "After the deletion."));
    await until(() => byOwner.seen.closed);
    expect(byOwner.seen.text).not.toContain("After the deletion.");
  });

  it("the workspace's status stream closes when its reader leaves, without telling them of later changes; a personal one when they sign out", async () => {
    const { owner, member, ws, leave } = await team();
    const before = await insertDoneTranscription(t.db, owner, [], "Before");
    await t.db.update(transcriptions).set({ workspaceId: ws }).where(eq(transcriptions.id, before));
    const inWorkspace = follow(await openStatus(member, ws));
    const personal = follow(await openStatus(member));
    await until(() => inWorkspace.seen.text.includes('"title":"Before"'));

    await leave(member);
    const after = await insertDoneTranscription(t.db, owner, [], "After");
    await t.db.update(transcriptions).set({ workspaceId: ws }).where(eq(transcriptions.id, after));
    await until(() => inWorkspace.seen.closed);
    expect(inWorkspace.seen.text).not.toContain('"title":"After"');
    expect(personal.seen.closed).toBe(false);

    signedOut.add(member);
    await until(() => personal.seen.closed);
    expect(personal.seen.closed).toBe(true);
    expect((await openStatus(member)).status).toBe(401);
  });
});
