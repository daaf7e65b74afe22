import { eq } from "drizzle-orm";
import { transcriptions, users } from "@/lib/db/schema";
import { segmentsOf } from "@/lib/transcription/queries";
import { BACKENDS, type TestDatabase } from "@/test/support/databases";
import { insertDoneTranscription } from "@/test/support/transcripts";
import { insertUser } from "@/test/support/users";
import { addMember, insertWorkspace, moveIntoWorkspace } from "@/test/support/workspaces";
import { applySegmentEdits, restructureSegments } from "./segment-edits";
import { STALE_EDIT_MESSAGE } from "./segment-conflicts";

const SEGMENTS = [
  { startMs: 0, endMs: 2000, text: "welcome to the show" },
  { startMs: 2000, endMs: 4000, text: "today we talk about podcasts" },
  { startMs: 4000, endMs: 6000, text: "and how to edit them together" },
];

describe.each(BACKENDS)("editing together on %s", (_name, open) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await open();
  });
  afterAll(async () => {
    await t?.close();
  });

  /** A workspace transcript with its owner Maya and an editor Theo. */
  async function studio() {
    const { db } = t.handle;
    const [maya, theo] = [await insertUser(db), await insertUser(db)];
    await db.update(users).set({ name: "Maya Lind" }).where(eq(users.id, maya));
    await db.update(users).set({ name: "Theo Park" }).where(eq(users.id, theo));
    const space = await insertWorkspace(db, maya);
    await addMember(db, space, theo, "member");
    const id = await insertDoneTranscription(db, maya, SEGMENTS);
    await moveIntoWorkspace(db, id, space);
    const read = await segmentsOf(db, id);
    return { db, maya, theo, id, read };
  }

  it("edits of different segments based on the same version both land", async () => {
    const { db, maya, theo, id, read } = await studio();
    const first = await applySegmentEdits(db, maya, id, { base_version: 0, changes: [{ position: 0, id: read[0].id, version: 0, text: "Welcome to the show." }] });
    const second = await applySegmentEdits(db, theo, id, { base_version: 0, changes: [{ position: 1, id: read[1].id, version: 0, text: "Today we talk about podcasts." }] });
    expect([first.version, second.version]).toEqual([1, 2]);
    const now = await segmentsOf(db, id);
    expect(now.map((s) => s.text)).toEqual(["Welcome to the show.", "Today we talk about podcasts.", "and how to edit them together"]);
    expect(now.map((s) => [s.changedVersion, s.changedBy])).toEqual([[1, maya], [2, theo], [0, null]]);
  });

  it("an edit of a segment a teammate changed since is a conflict naming them and carrying their text; nothing is written", async () => {
    const { db, maya, theo, id, read } = await studio();
    await applySegmentEdits(db, maya, id, { base_version: 0, changes: [{ position: 1, id: read[1].id, version: 0, text: "Maya's words" }] });
    const late = applySegmentEdits(db, theo, id, { base_version: 0, changes: [{ position: 1, id: read[1].id, version: 0, text: "Theo's words" }] });
    await expect(late).rejects.toMatchObject({
      kind: "conflict",
      message: "Maya Lind changed this segment while you were editing. Choose which text to keep.",
      data: { current_version: 1, conflicts: [{ id: read[1].id, position: 1, version: 1, text: "Maya's words", changed_by: "Maya Lind", by_you: false, restructured: false }] },
    });
    expect((await segmentsOf(db, id))[1].text).toBe("Maya's words");
    // Keeping his text: the same edit based on the version he was shown lands.
    const kept = await applySegmentEdits(db, theo, id, { base_version: 1, changes: [{ position: 1, id: read[1].id, version: 1, text: "Theo's words" }] });
    expect(kept.segments[0]).toMatchObject({ text: "Theo's words", changedVersion: 2, changedBy: theo });
  });

  it("the same person in two tabs is told it was another tab or window", async () => {
    const { db, maya, id, read } = await studio();
    await applySegmentEdits(db, maya, id, { base_version: 0, changes: [{ position: 2, id: read[2].id, version: 0, text: "tab one" }] });
    await expect(applySegmentEdits(db, maya, id, { base_version: 0, changes: [{ position: 2, id: read[2].id, version: 0, text: "tab two" }] })).rejects.toMatchObject({
      kind: "conflict",
      message: STALE_EDIT_MESSAGE,
      data: { conflicts: [{ by_you: true }] },
    });
  });

  it("a segment version the transcript never reached is refused, so no claim skips the check", async () => {
    const { db, maya, theo, id, read } = await studio();
    await applySegmentEdits(db, maya, id, { base_version: 0, changes: [{ position: 0, id: read[0].id, version: 0, text: "Maya's text" }] });
    const claimed = applySegmentEdits(db, theo, id, { base_version: 1, changes: [{ position: 0, id: read[0].id, version: 99, text: "over it" }] });
    await expect(claimed).rejects.toMatchObject({ kind: "conflict", message: "This transcript changed since you opened it. Reload to get the latest version." });
    const merge = restructureSegments(db, theo, id, { action: "merge", base_version: 1, position: 0, id: read[0].id, version: 1, next: { id: read[1].id, version: 99 } });
    await expect(merge).rejects.toMatchObject({ kind: "conflict" });
    expect((await segmentsOf(db, id)).map((s) => s.text)).toEqual(["Maya's text", SEGMENTS[1].text, SEGMENTS[2].text]);
  });

  it("a segment opened and left as it was saves nothing: the version stays", async () => {
    const { db, maya, id, read } = await studio();
    const saved = await applySegmentEdits(db, maya, id, { base_version: 0, changes: [{ position: 0, id: read[0].id, version: 0, text: "  welcome to   the show ", speaker: null }] });
    expect(saved).toEqual({ version: 0, segments: [] });
    const [row] = await db.select({ version: transcriptions.version }).from(transcriptions).where(eq(transcriptions.id, id));
    expect(row.version).toBe(0);
  });

  it("a segment named by id is found after a teammate's split moved it; one named by position is refused after a split", async () => {
    const { db, maya, theo, id, read } = await studio();
    await restructureSegments(db, maya, id, { action: "split", base_version: 0, position: 0, id: read[0].id, version: 0, word: 2 });
    const byId = await applySegmentEdits(db, theo, id, { base_version: 0, changes: [{ position: 1, id: read[1].id, version: 0, text: "moved but found" }] });
    expect(byId.segments[0]).toMatchObject({ position: 2, text: "moved but found" });
    await expect(applySegmentEdits(db, theo, id, { base_version: 0, changes: [{ position: 2, text: "by position" }] })).rejects.toMatchObject({
      kind: "conflict",
      message: "Segments were split or merged since you read this transcript. Reload to get the latest version.",
    });
    expect((await segmentsOf(db, id)).map((s) => s.text)).toEqual(["welcome to", "the show", "moved but found", "and how to edit them together"]);
  });

  it("an edit of a segment a teammate split since is a conflict that says so: the text read no longer fits one part", async () => {
    const { db, maya, theo, id, read } = await studio();
    await restructureSegments(db, maya, id, { action: "split", base_version: 0, position: 0, id: read[0].id, version: 0, word: 2 });
    await expect(applySegmentEdits(db, theo, id, { base_version: 0, changes: [{ position: 0, id: read[0].id, version: 0, text: "Welcome to the show!" }] })).rejects.toMatchObject({
      kind: "conflict",
      data: { conflicts: [{ id: read[0].id, text: "welcome to", changed_by: "Maya Lind", restructured: true }] },
    });
  });

  it("a split by id lands beside a teammate's edit elsewhere; a merge whose next segment changed since is a conflict", async () => {
    const { db, maya, theo, id, read } = await studio();
    await applySegmentEdits(db, theo, id, { base_version: 0, changes: [{ position: 2, id: read[2].id, version: 0, text: "Theo edited the last one" }] });
    const split = await restructureSegments(db, maya, id, { action: "split", base_version: 0, position: 0, id: read[0].id, version: 0, word: 1 });
    expect(split.segments.map((s) => [s.position, s.text])).toEqual([[0, "welcome"], [1, "to the show"]]);
    const merge = restructureSegments(db, maya, id, { action: "merge", base_version: 0, position: 2, id: read[1].id, version: 0, next: { id: read[2].id, version: 0 } });
    await expect(merge).rejects.toMatchObject({ kind: "conflict", data: { conflicts: [{ id: read[2].id, changed_by: "Theo Park" }] } });
    expect(await segmentsOf(db, id)).toHaveLength(4);
  });

  it("a merge away of a segment a teammate then saves by id is a conflict, not a lost edit", async () => {
    const { db, maya, theo, id, read } = await studio();
    await restructureSegments(db, maya, id, { action: "merge", base_version: 0, position: 0, id: read[0].id, version: 0, next: { id: read[1].id, version: 0 } });
    await expect(applySegmentEdits(db, theo, id, { base_version: 0, changes: [{ position: 1, id: read[1].id, version: 0, text: "gone" }] })).rejects.toMatchObject({
      kind: "conflict",
      message: "A segment you edited was merged into another since you read it. Reload to get the latest version.",
    });
  });
});
