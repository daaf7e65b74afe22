import { eq, sql } from "drizzle-orm";
import { transcriptions } from "@/lib/db/schema";
import { segmentsOf } from "@/lib/transcription/queries";
import { BACKENDS, type TestDatabase } from "@/test/support/databases";
import { insertDoneTranscription } from "@/test/support/transcripts";
import { insertUser } from "@/test/support/users";
import { applySegmentEdits, restructureSegments } from "./segment-edits";
import { STALE_EDIT_MESSAGE } from "./segment-conflicts";

const SEGMENTS = [
  {
    startMs: 0,
    endMs: 2000,
    text: "and so my fellow americans",
    words: [
      { word: "and", start_ms: 0, end_ms: 300, confidence: 0.9 },
      { word: "so", start_ms: 300, end_ms: 600, confidence: 0.9 },
      { word: "my", start_ms: 600, end_ms: 900, confidence: 0.9 },
      { word: "fellow", start_ms: 900, end_ms: 1300, confidence: 0.9 },
      { word: "americans", start_ms: 1300, end_ms: 2000, confidence: 0.2 },
    ],
  },
  { startMs: 2500, endMs: 5000, text: "ask not what your country can do for you" },
];

describe.each(BACKENDS)("applySegmentEdits on %s", (_name, open) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await open();
  });
  afterAll(async () => {
    await t?.close();
  });

  it("saves text and speaker, bumps the version, keeps word timings and updates the search text", async () => {
    const { db } = t.handle;
    const user = await insertUser(db);
    const id = await insertDoneTranscription(db, user, SEGMENTS);
    const result = await applySegmentEdits(db, user, id, {
      base_version: 0,
      changes: [{ position: 0, text: "And so, my fellow  Americans.\n", speaker: "JFK" }],
    });
    expect(result.version).toBe(1);
    const [first] = await segmentsOf(db, id);
    expect(first.text).toBe("And so, my fellow Americans.");
    expect(first.speaker).toBe("JFK");
    expect(first.words?.[4]).toEqual({ word: "Americans.", start_ms: 1300, end_ms: 2000 });
    const [row] = await db.select().from(transcriptions).where(eq(transcriptions.id, id));
    expect(row.transcriptText).toBe("And so, my fellow Americans. ask not what your country can do for you");
  });

  it("a word kept in the review is marked reviewed, remembered, and taken back by sending the set without it", async () => {
    const { db } = t.handle;
    const user = await insertUser(db);
    const id = await insertDoneTranscription(db, user, SEGMENTS);
    const kept = await applySegmentEdits(db, user, id, { base_version: 0, changes: [{ position: 0, reviewed: [4, 99] }] });
    expect(kept.version).toBe(1);
    let [first] = await segmentsOf(db, id);
    expect(first.words?.[4]).toEqual({ word: "americans", start_ms: 1300, end_ms: 2000, confidence: 0.2, reviewed: true });
    expect(first.words?.filter((w) => w.reviewed)).toHaveLength(1);
    // The same set again changes nothing (and keeps the version).
    expect((await applySegmentEdits(db, user, id, { base_version: 1, changes: [{ position: 0, reviewed: [4] }] })).version).toBe(1);
    // A text edit keeps the mark of the untouched word; an empty set takes it back (undo).
    await applySegmentEdits(db, user, id, { base_version: 1, changes: [{ position: 0, text: "and so my dear fellow americans" }] });
    [first] = await segmentsOf(db, id);
    expect(first.words?.[5]).toMatchObject({ word: "americans", reviewed: true });
    await applySegmentEdits(db, user, id, { base_version: 2, changes: [{ position: 0, reviewed: [] }] });
    [first] = await segmentsOf(db, id);
    expect(first.words?.some((w) => w.reviewed)).toBe(false);
    // Kept, then a word added before the save: the kept place names the word as it was.
    await applySegmentEdits(db, user, id, { base_version: 3, changes: [{ position: 0, reviewed: [1] }, { position: 0, text: "and also so my dear fellow americans" }] });
    [first] = await segmentsOf(db, id);
    expect(first.words?.flatMap((w) => (w.reviewed ? [w.word] : []))).toEqual(["so"]);
  });

  it("many changes of one segment count as its last text and speaker (aligned once)", async () => {
    const { db } = t.handle;
    const user = await insertUser(db);
    const id = await insertDoneTranscription(db, user, SEGMENTS);
    const pingPong = Array.from({ length: 200 }, (_, i) => ({ position: 0, text: i % 2 ? "and so my dear fellow americans" : "so my fellow" }));
    const result = await applySegmentEdits(db, user, id, {
      base_version: 0,
      changes: [{ position: 0, speaker: "JFK" }, ...pingPong, { position: 1, text: "ask not" }, { position: 0, speaker: null }],
    });
    expect(result.segments.map((s) => [s.position, s.text, s.speaker])).toEqual([
      [0, "and so my dear fellow americans", null],
      [1, "ask not", null],
    ]);
    expect(result.segments[0].words?.map((w) => [w.word, w.start_ms])).toEqual([
      ["and", 0],
      ["so", 300],
      ["my", 600],
      ["dear", 900],
      ["fellow", 900],
      ["americans", 1300],
    ]);
    expect(await segmentsOf(db, id)).toEqual(result.segments);
  });

  it("a stale save is refused before any alignment is done for it", async () => {
    const { db } = t.handle;
    const user = await insertUser(db);
    const id = await insertDoneTranscription(db, user, SEGMENTS);
    await applySegmentEdits(db, user, id, { base_version: 0, changes: [{ position: 1, text: "from tab A" }] });
    // Many stale saves of that segment at once: each is a 409 at once, none waits for (or takes) a thread.
    const stale = await Promise.allSettled(
      Array.from({ length: 10 }, () => applySegmentEdits(db, user, id, { base_version: 0, changes: [{ position: 1, text: "so my fellow" }] })),
    );
    expect(stale.map((r) => r.status === "rejected" && (r.reason as { kind?: string }).kind)).toEqual(Array.from({ length: 10 }, () => "conflict"));
  });

  it("a transcript cannot be edited past 1,000,000 characters; the save is refused whole", async () => {
    const { db } = t.handle;
    const user = await insertUser(db);
    const full = Array.from({ length: 200 }, (_, i) => ({ startMs: i * 1000, endMs: i * 1000 + 1000, text: "y".repeat(4999) }));
    const id = await insertDoneTranscription(db, user, full);
    // 200 × 4,999 characters and 199 spaces: one character short of the limit.
    const atLimit = await applySegmentEdits(db, user, id, { base_version: 0, changes: [{ position: 0, text: "y".repeat(5000) }] });
    expect(atLimit.version).toBe(1);
    const past = applySegmentEdits(db, user, id, { base_version: 1, changes: [{ position: 1, text: "y".repeat(5000) }, { position: 2, speaker: "Ann" }] });
    await expect(past).rejects.toMatchObject({
      kind: "unprocessable",
      message: "A transcript may hold at most 1000000 characters; this save would make it longer.",
    });
    const segments = await segmentsOf(db, id);
    expect([segments[1].text.length, segments[2].speaker]).toEqual([4999, null]);
    const [row] = await db.select().from(transcriptions).where(eq(transcriptions.id, id));
    // The search text holds the part search reads: the first 50,000 characters.
    expect([row.version, row.transcriptText.length]).toEqual([1, 50_000]);
  });

  it("a split past 20,000 segments is refused", async () => {
    const { db } = t.handle;
    const user = await insertUser(db);
    const id = await insertDoneTranscription(db, user, []);
    await db.execute(sql`insert into transcript_segments (id, transcription_id, position, start_ms, end_ms, text)
      select ${id} || '-' || g, ${id}, g, g * 1000, g * 1000 + 1000, 'two words' from generate_series(0, 19999) g`);
    await expect(restructureSegments(db, user, id, { action: "split", base_version: 0, position: 5, word: 1 })).rejects.toMatchObject({
      kind: "unprocessable",
      message: "A transcript may hold at most 20000 segments.",
    });
    await db.execute(sql`delete from transcript_segments where transcription_id = ${id} and position = 19999`);
    const split = await restructureSegments(db, user, id, { action: "split", base_version: 0, position: 5, word: 1 });
    expect(split.segments.map((s) => s.position)).toEqual([5, 6]);
    expect(await segmentsOf(db, id, { words: false })).toHaveLength(20_000);
  });

  it("refuses a stale save (409 conflict) and writes nothing", async () => {
    const { db } = t.handle;
    const user = await insertUser(db);
    const id = await insertDoneTranscription(db, user, SEGMENTS);
    const tabA = await applySegmentEdits(db, user, id, { base_version: 0, changes: [{ position: 1, text: "from tab A" }] });
    expect(tabA.version).toBe(1);
    const tabB = applySegmentEdits(db, user, id, { base_version: 0, changes: [{ position: 1, text: "from tab B" }] });
    await expect(tabB).rejects.toMatchObject({ kind: "conflict", message: STALE_EDIT_MESSAGE, data: { current_version: 1 } });
    expect((await segmentsOf(db, id))[1].text).toBe("from tab A");
  });

  it("two saves racing on the same version: exactly one wins", async () => {
    const { db } = t.handle;
    const user = await insertUser(db);
    const id = await insertDoneTranscription(db, user, SEGMENTS);
    const results = await Promise.allSettled(
      ["one", "two", "three", "four"].map((text) => applySegmentEdits(db, user, id, { base_version: 0, changes: [{ position: 0, text }] })),
    );
    const winners = results.filter((r) => r.status === "fulfilled");
    expect(winners).toHaveLength(1);
    // The others are stale (409), or, past the user's two heavy requests under way, refused as too many at once (429).
    const refusals = results.flatMap((r) => (r.status === "rejected" ? [(r.reason as { kind?: string }).kind] : []));
    expect(refusals).toHaveLength(3);
    expect(refusals).toContain("conflict");
    expect(refusals.every((kind) => kind === "conflict" || kind === "rate_limited")).toBe(true);
  });

  it("an unknown segment rolls the whole save back (unprocessable, 422), version unchanged", async () => {
    const { db } = t.handle;
    const user = await insertUser(db);
    const id = await insertDoneTranscription(db, user, SEGMENTS);
    const result = applySegmentEdits(db, user, id, {
      base_version: 0,
      changes: [{ position: 0, text: "changed" }, { position: 7, text: "nowhere" }],
    });
    await expect(result).rejects.toMatchObject({ kind: "unprocessable", message: "There is no segment 7 in this transcript.", data: {} });
    expect((await segmentsOf(db, id))[0].text).toBe(SEGMENTS[0].text);
    const [row] = await db.select().from(transcriptions).where(eq(transcriptions.id, id));
    expect(row.version).toBe(0);
  });

  it("another user's transcription is not found; an unfinished one cannot be edited", async () => {
    const { db } = t.handle;
    const owner = await insertUser(db);
    const stranger = await insertUser(db);
    const id = await insertDoneTranscription(db, owner, SEGMENTS);
    const edit = { base_version: 0, changes: [{ position: 0, text: "x" }] };
    await expect(applySegmentEdits(db, stranger, id, edit)).rejects.toMatchObject({ kind: "not_found" });
    await db.update(transcriptions).set({ status: "processing" }).where(eq(transcriptions.id, id));
    await expect(applySegmentEdits(db, owner, id, edit)).rejects.toMatchObject({ kind: "conflict", data: {} });
  });

  it("splits a segment before a word and merges it back, keeping word timings and shifting later positions", async () => {
    const { db } = t.handle;
    const user = await insertUser(db);
    const id = await insertDoneTranscription(db, user, SEGMENTS);
    const split = await restructureSegments(db, user, id, { action: "split", base_version: 0, position: 0, word: 3 });
    expect(split.version).toBe(1);
    // The answer holds the two parts; the stored transcript has the later segment moved down.
    expect(split.segments.map((s) => [s.position, s.text, s.startMs, s.endMs])).toEqual([
      [0, "and so my", 0, 900],
      [1, "fellow americans", 900, 2000],
    ]);
    expect(split.segments[1].words).toEqual(SEGMENTS[0].words!.slice(3));
    const afterSplit = await segmentsOf(db, id);
    expect(afterSplit.slice(0, 2)).toEqual(split.segments);
    expect(afterSplit.map((s) => [s.position, s.text, s.startMs, s.endMs])[2]).toEqual([2, "ask not what your country can do for you", 2500, 5000]);

    const merged = await restructureSegments(db, user, id, { action: "merge", base_version: 1, position: 0 });
    expect(merged.version).toBe(2);
    expect(merged.segments.map((s) => [s.position, s.text, s.startMs, s.endMs])).toEqual([[0, "and so my fellow americans", 0, 2000]]);
    expect((await segmentsOf(db, id)).map((s) => [s.position, s.text, s.startMs, s.endMs])).toEqual([
      [0, "and so my fellow americans", 0, 2000],
      [1, "ask not what your country can do for you", 2500, 5000],
    ]);
    expect(merged.segments[0].words).toEqual(SEGMENTS[0].words);
    const [row] = await db.select().from(transcriptions).where(eq(transcriptions.id, id));
    expect(row.transcriptText).toBe("and so my fellow americans ask not what your country can do for you");
  });

  it("writes a large save in parts of about 100 KB, one statement each, and keeps every change", async () => {
    const { db } = t.handle;
    const user = await insertUser(db);
    const id = await insertDoneTranscription(db, user, Array.from({ length: 40 }, (_, i) => ({ startMs: i * 1000, endMs: i * 1000 + 1000, text: `segment ${i}` })));
    await db.execute(sql`create table written_per_statement (segments integer not null)`);
    await db.execute(sql`create function record_written() returns trigger language plpgsql as $$
      begin insert into written_per_statement select count(*) from written; return null; end $$`);
    await db.execute(sql`create trigger record_written after update on transcript_segments referencing new table as written for each statement execute function record_written()`);
    try {
      // 40 segments of 4,000 characters: 160,000 characters of text, more than one part.
      const changes = Array.from({ length: 40 }, (_, position) => ({ position, text: `${position} ${"word ".repeat(799)}`.trim() }));
      const saved = await applySegmentEdits(db, user, id, { base_version: 0, changes });
      const [written] = await db.select({ most: sql<number>`max(segments)`, statements: sql<number>`count(*)` }).from(sql`written_per_statement`);
      expect(Number(written.statements)).toBeGreaterThan(1);
      expect(Number(written.most)).toBeLessThan(40);
      expect(saved.segments).toHaveLength(40);
      expect((await segmentsOf(db, id)).map((s) => s.text)).toEqual(changes.map((c) => c.text));
    } finally {
      await db.execute(sql`drop trigger record_written on transcript_segments`);
      await db.execute(sql`drop function record_written`);
      await db.execute(sql`drop table written_per_statement`);
    }
  });

  it("moves the later segments of a long transcript a bounded batch per statement, ending in order with no gaps", async () => {
    const { db } = t.handle;
    const user = await insertUser(db);
    const id = await insertDoneTranscription(db, user, []);
    await db.execute(sql`insert into transcript_segments (id, transcription_id, position, start_ms, end_ms, text)
      select ${id} || '-' || g, ${id}, g, g * 1000, g * 1000 + 1000, 'word ' || g || ' and more' from generate_series(0, 1000) g`);
    // How many segments each UPDATE statement wrote, recorded by a statement-level trigger.
    await db.execute(sql`create table moved_per_statement (segments integer not null)`);
    await db.execute(sql`create function record_moved() returns trigger language plpgsql as $$
      begin insert into moved_per_statement select count(*) from moved; return null; end $$`);
    await db.execute(sql`create trigger record_moved after update on transcript_segments referencing new table as moved for each statement execute function record_moved()`);
    try {
      const split = await restructureSegments(db, user, id, { action: "split", base_version: 0, position: 3, word: 2 });
      const afterSplit = await segmentsOf(db, id, { words: false });
      const merged = await restructureSegments(db, user, id, { action: "merge", base_version: 1, position: 6 });
      const afterMerge = await segmentsOf(db, id, { words: false });
      const [moved] = await db.select({ most: sql<number>`max(segments)`, statements: sql<number>`count(*)` }).from(sql`moved_per_statement`);
      expect(Number(moved.statements)).toBeGreaterThan(10);
      expect(Number(moved.most)).toBeLessThanOrEqual(100);

      expect(split.segments.map((s) => [s.position, s.text])).toEqual([[3, "word 3"], [4, "and more"]]);
      expect(afterSplit.map((s) => s.position)).toEqual(Array.from({ length: 1002 }, (_, i) => i));
      expect(afterSplit.slice(2, 6).map((s) => s.text)).toEqual(["word 2 and more", "word 3", "and more", "word 4 and more"]);
      expect(afterSplit[1001].text).toBe("word 1000 and more");
      expect(merged.segments.map((s) => [s.position, s.text])).toEqual([[6, "word 5 and more word 6 and more"]]);
      expect(afterMerge.map((s) => s.position)).toEqual(Array.from({ length: 1001 }, (_, i) => i));
      expect(afterMerge.slice(5, 8).map((s) => s.text)).toEqual(["word 4 and more", "word 5 and more word 6 and more", "word 7 and more"]);
      expect(afterMerge[1000].text).toBe("word 1000 and more");
    } finally {
      await db.execute(sql`drop trigger record_moved on transcript_segments`);
      await db.execute(sql`drop function record_moved`);
      await db.execute(sql`drop table moved_per_statement`);
    }
  });

  it("refuses a split outside the words, a merge of the last segment, a stale version and a stranger, writing nothing", async () => {
    const { db } = t.handle;
    const owner = await insertUser(db);
    const stranger = await insertUser(db);
    const id = await insertDoneTranscription(db, owner, SEGMENTS);
    await expect(restructureSegments(db, owner, id, { action: "split", base_version: 0, position: 0, word: 5 })).rejects.toMatchObject({
      kind: "unprocessable",
      message: "Choose where to split: between two words of the segment.",
    });
    await expect(restructureSegments(db, owner, id, { action: "merge", base_version: 0, position: 1 })).rejects.toMatchObject({
      kind: "unprocessable",
      message: "The last segment has no next segment to merge with.",
    });
    await expect(restructureSegments(db, owner, id, { action: "merge", base_version: 0, position: 4 })).rejects.toMatchObject({
      message: "There is no segment 4 in this transcript.",
    });
    await expect(restructureSegments(db, stranger, id, { action: "merge", base_version: 0, position: 0 })).rejects.toMatchObject({ kind: "not_found" });
    await expect(restructureSegments(db, owner, id, { action: "merge", base_version: 3, position: 0 })).rejects.toMatchObject({ kind: "conflict" });
    expect((await segmentsOf(db, id)).map((s) => s.text)).toEqual(SEGMENTS.map((s) => s.text));
    const [row] = await db.select().from(transcriptions).where(eq(transcriptions.id, id));
    expect(row.version).toBe(0);
  });
});
