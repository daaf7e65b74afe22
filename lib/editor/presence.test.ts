import { eq, sql } from "drizzle-orm";
import { transcriptPresence, users } from "@/lib/db/schema";
import { BACKENDS, type TestDatabase } from "@/test/support/databases";
import { insertDoneTranscription } from "@/test/support/transcripts";
import { insertUser } from "@/test/support/users";
import { othersPresent, recordBeat } from "./presence";
import { applySegmentEdits, restructureSegments } from "./segment-edits";
import { changesSince } from "./transcript-changes";
import { segmentsOf } from "@/lib/transcription/queries";

const SEGMENTS = [
  { startMs: 0, endMs: 2000, text: "one two three" },
  { startMs: 2000, endMs: 4000, text: "four five" },
];

describe.each(BACKENDS)("who is here and what changed, on %s", (_name, open) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await open();
  });
  afterAll(async () => {
    await t?.close();
  });

  async function named(name: string) {
    const id = await insertUser(t.handle.db);
    await t.handle.db.update(users).set({ name }).where(eq(users.id, id));
    return id;
  }

  it("lists the other open pages with their names and segments; says when to tell others; forgets pages gone quiet", async () => {
    const { db } = t.handle;
    const [maya, theo] = [await named("Maya Lind"), await named("Theo Park")];
    const id = await insertDoneTranscription(db, maya, SEGMENTS);
    const [first] = await segmentsOf(db, id);
    expect(await recordBeat(db, maya, id, { clientId: "maya-page-1", segmentId: null, left: false, mayEdit: true })).toBe(true);
    expect(await recordBeat(db, theo, id, { clientId: "theo-page-1", segmentId: first.id, left: false, mayEdit: true })).toBe(true);
    // A beat that says only "still here" wakes nobody; moving to another segment does.
    expect(await recordBeat(db, theo, id, { clientId: "theo-page-1", segmentId: first.id, left: false, mayEdit: true })).toBe(false);
    expect(await othersPresent(db, id, "maya-page-1")).toEqual({ others: [{ client_id: "theo-page-1", name: "Theo Park", segment_id: first.id }] });
    expect(await othersPresent(db, id, "theo-page-1")).toEqual({ others: [{ client_id: "maya-page-1", name: "Maya Lind", segment_id: null }] });
    // Nobody takes over another person's page id.
    expect(await recordBeat(db, maya, id, { clientId: "theo-page-1", segmentId: null, left: true, mayEdit: true })).toBe(false);
    expect((await othersPresent(db, id, "maya-page-1")).others).toHaveLength(1);
    // A tab that crashed sends no goodbye: after 30 s without a beat it is gone.
    await db.update(transcriptPresence).set({ seenAt: sql`now() - interval '31 seconds'` }).where(eq(transcriptPresence.clientId, "theo-page-1"));
    expect(await othersPresent(db, id, "maya-page-1")).toEqual({ others: [] });
    expect(await recordBeat(db, maya, id, { clientId: "maya-page-1", segmentId: null, left: true, mayEdit: true })).toBe(true);
    expect(await othersPresent(db, id, null)).toEqual({ others: [] });

    // A viewer is never shown editing; a segment of another transcript is not shown either.
    await recordBeat(db, theo, id, { clientId: "theo-viewing", segmentId: first.id, left: false, mayEdit: false });
    await recordBeat(db, maya, id, { clientId: "maya-page-2", segmentId: "not-a-segment-here", left: false, mayEdit: true });
    expect((await othersPresent(db, id, null)).others.map((o) => o.segment_id)).toEqual([null, null]);
    // One person's open pages are bounded.
    for (let i = 3; i <= 11; i++) await recordBeat(db, maya, id, { clientId: `maya-page-${String(i).padStart(2, "0")}`, segmentId: null, left: false, mayEdit: true });
    await expect(recordBeat(db, maya, id, { clientId: "maya-page-12", segmentId: null, left: false, mayEdit: true })).rejects.toMatchObject({ kind: "rate_limited" });
  });

  it("changes since a version: the changed segments with who changed them; after a split, all segments in order", async () => {
    const { db } = t.handle;
    const maya = await named("Maya Lind");
    const id = await insertDoneTranscription(db, maya, SEGMENTS);
    const read = await segmentsOf(db, id);
    expect(await changesSince(db, id, 0)).toEqual({ version: 0, restructured: false, segments: [] });
    await applySegmentEdits(db, maya, id, { base_version: 0, changes: [{ position: 1, id: read[1].id, version: 0, text: "four five six" }] });
    expect(await changesSince(db, id, 0)).toMatchObject({
      version: 1,
      restructured: false,
      segments: [{ id: read[1].id, position: 1, version: 1, text: "four five six", changed_by: "Maya Lind" }],
    });
    expect(await changesSince(db, id, 1)).toEqual({ version: 1, restructured: false, segments: [] });
    await restructureSegments(db, maya, id, { action: "split", base_version: 1, position: 0, id: read[0].id, version: 0, word: 1 });
    const after = await changesSince(db, id, 1);
    expect(after).toMatchObject({ version: 2, restructured: true });
    expect(after!.segments.map((s) => [s.position, s.text, s.changed_by])).toEqual([
      [0, "one", "Maya Lind"],
      [1, "two three", "Maya Lind"],
      [2, "four five six", "Maya Lind"],
    ]);
  });
});
