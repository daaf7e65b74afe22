import { randomUUID } from "node:crypto";
import { createReadStream } from "node:fs";
import { mkdtemp, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { eq, sql } from "drizzle-orm";
import { deleteUserAsOperator } from "@/lib/admin/user-deletion";
import { demoBilling } from "@/lib/billing/demo/demo-provider";
import type { Database } from "@/lib/db/client";
import { jobs, transcriptSegments, transcriptions } from "@/lib/db/schema";
import { applySegmentEdits } from "@/lib/editor/segment-edits";
import { speakersOf } from "@/lib/speakers/voice-profiles";
import { ORIGINAL, audioStore } from "@/lib/storage/audio-store";
import { workerSchedules } from "@/lib/worker/schedules";
import { BACKENDS, useOpenedDatabase } from "@/test/support/databases";
import { useTestEnv } from "@/test/support/env";
import { insertDoneTranscription } from "@/test/support/transcripts";
import { insertUser } from "@/test/support/users";
import { createTranscription } from "./create";
import { NOT_RECENTLY_DELETED, deleteForGood, deleteTranscription, listRecentlyDeleted, purgeDeletedTranscriptions, restoreTranscription, toApiDeleted } from "./deletion";
import { RECENTLY_DELETED_DAYS, daysLeft } from "./deletion-terms";
import { transcriptionOptions } from "./options";
import { cancelOwnedTranscription, changedSince, findReadable, listTranscriptions, renameTranscription, TRANSCRIPTION_NOT_FOUND } from "./queries";
import { searchTranscriptions } from "./search";

const JFK = path.resolve(__dirname, "../../test/fixtures/audio/jfk.wav");
const DAY_MS = 86_400_000;

/** A finished transcript saying `text`, with an audio file in the store. */
async function transcriptWithAudio(db: Database, userId: string, title: string, text: string): Promise<{ id: string; audio: string }> {
  const id = await insertDoneTranscription(db, userId, [{ startMs: 0, endMs: 1000, text }], title);
  const file = path.join(await mkdtemp(path.join(os.tmpdir(), "verbatim-deleted-")), ORIGINAL);
  await writeFile(file, "audio bytes");
  const audio = `${userId}/${id}/${ORIGINAL}`;
  await audioStore().putFile(audio, file, "audio/wav");
  return { id, audio };
}

const stored = async (key: string) => (await audioStore().size(key)) !== null;
const rowOf = async (db: Database, id: string) => (await db.select().from(transcriptions).where(eq(transcriptions.id, id)))[0];
/** As if it had been deleted `days` days ago. */
const deletedDaysAgo = (db: Database, id: string, days: number) =>
  db.update(transcriptions).set({ deletedAt: new Date(Date.now() - days * DAY_MS) }).where(eq(transcriptions.id, id));
const reason = (p: Promise<unknown>) => p.then(() => null, (e: unknown) => e);

describe.each(BACKENDS)("Recently deleted on %s", (_name, open) => {
  useTestEnv({ TRANSCRIBE_ENGINE: "sphinx" });
  const t = useOpenedDatabase(open);

  it("a deleted transcription is not found by any read or change, keeps its audio and is listed with its days left", async () => {
    const userId = await insertUser(t.db);
    const { id, audio } = await transcriptWithAudio(t.db, userId, "Board call", "the quarterly budget");
    await transcriptWithAudio(t.db, userId, "Standup", "the budget again");
    const since = new Date(Date.now() - 60_000);
    await deleteTranscription(t.db, userId, id);

    expect(await findReadable(t.db, userId, id)).toBeUndefined();
    expect((await listTranscriptions(t.db, userId, null)).map((x) => x.title)).toEqual(["Standup"]);
    expect((await searchTranscriptions(t.db, userId, null)).map((x) => x.title)).toEqual(["Standup"]);
    expect((await searchTranscriptions(t.db, userId, null, "budget")).map((x) => x.title)).toEqual(["Standup"]);
    expect((await changedSince(t.db, userId, null, since)).map((x) => x.title)).toEqual(["Standup"]);
    const notFound = { kind: "not_found", message: TRANSCRIPTION_NOT_FOUND };
    expect(await reason(renameTranscription(t.db, userId, id, "New"))).toMatchObject(notFound);
    expect(await reason(cancelOwnedTranscription(t.db, userId, id))).toMatchObject(notFound);
    expect(await reason(applySegmentEdits(t.db, userId, id, { base_version: 0, changes: [{ position: 0, text: "edited" }] }))).toMatchObject(notFound);
    expect(await reason(speakersOf(t.db, userId, id))).toMatchObject(notFound);
    // Deleting it again finds nothing to delete.
    expect(await reason(deleteTranscription(t.db, userId, id))).toMatchObject(notFound);

    // Kept whole: its audio and its transcript.
    expect(await stored(audio)).toBe(true);
    expect(await t.db.select().from(transcriptSegments).where(eq(transcriptSegments.transcriptionId, id))).toHaveLength(1);
    const [listed] = (await listRecentlyDeleted(t.db, userId)).map(toApiDeleted);
    expect(listed).toMatchObject({ id, title: "Board call", status: "done" });
    expect(Date.parse(listed.purge_at) - Date.parse(listed.deleted_at)).toBe(RECENTLY_DELETED_DAYS * DAY_MS);
    expect(daysLeft(listed.purge_at)).toBe(RECENTLY_DELETED_DAYS);
  });

  it("restored, it is back everywhere with its transcript, title and place in the list", async () => {
    const userId = await insertUser(t.db);
    const { id } = await transcriptWithAudio(t.db, userId, "Interview", "welcome to the show");
    await deleteTranscription(t.db, userId, id);
    const restored = await restoreTranscription(t.db, userId, id);
    expect(restored).toMatchObject({ id, title: "Interview", status: "done", deletedAt: null });
    expect(await findReadable(t.db, userId, id)).toMatchObject({ id, transcriptText: "welcome to the show" });
    expect((await searchTranscriptions(t.db, userId, null, "show")).map((x) => x.id)).toEqual([id]);
    expect(await listRecentlyDeleted(t.db, userId)).toEqual([]);
    // Only what is in Recently deleted can be restored.
    expect(await reason(restoreTranscription(t.db, userId, id))).toMatchObject({ kind: "not_found", message: NOT_RECENTLY_DELETED });
    expect(await reason(restoreTranscription(t.db, userId, "not-an-id"))).toMatchObject({ kind: "not_found" });
  });

  it("deleting does not give the minutes back", async () => {
    const userId = await insertUser(t.db);
    const created = await createTranscription(t.db, { userId, body: Readable.toWeb(createReadStream(JFK)) as ReadableStream<Uint8Array>, declaredBytes: null, filename: "jfk.wav", contentType: "audio/wav", language: null, source: "upload" });
    // As the worker leaves it: done, its time used.
    await t.db.update(transcriptions).set({ status: "done" }).where(eq(transcriptions.id, created.id));
    await t.db.update(jobs).set({ status: "done" }).where(eq(jobs.transcriptionId, created.id));
    const used = (await transcriptionOptions(t.db, userId)).usage.used_s;
    expect(used).toBeGreaterThan(0);
    await deleteTranscription(t.db, userId, created.id);
    expect((await transcriptionOptions(t.db, userId)).usage.used_s).toBe(used);
    await deleteForGood(t.db, userId, created.id);
    expect((await transcriptionOptions(t.db, userId)).usage.used_s).toBe(used);
  });

  it("deleted while queued or formatting: its jobs are canceled and the time it never used is given back, as a cancel does", async () => {
    const userId = await insertUser(t.db);
    const created = await createTranscription(t.db, { userId, body: Readable.toWeb(createReadStream(JFK)) as ReadableStream<Uint8Array>, declaredBytes: null, filename: "jfk.wav", contentType: "audio/wav", language: null, source: "upload" });
    expect((await transcriptionOptions(t.db, userId)).usage.used_s).toBeGreaterThan(0);
    await t.db.insert(jobs).values({ id: randomUUID(), kind: "format", transcriptionId: created.id, userId, status: "running" });
    await deleteTranscription(t.db, userId, created.id);
    const left = await t.db.select({ kind: jobs.kind, status: jobs.status }).from(jobs).where(eq(jobs.transcriptionId, created.id));
    expect(left.sort((a, b) => a.kind.localeCompare(b.kind))).toEqual([
      { kind: "format", status: "canceled" },
      { kind: "transcribe", status: "canceled" },
    ]);
    expect((await transcriptionOptions(t.db, userId)).usage.used_s).toBe(0);
    // Restored, it is what the cancel left: canceled, with its audio.
    expect(await restoreTranscription(t.db, userId, created.id)).toMatchObject({ status: "canceled" });
    expect(await stored(`${created.audioKey}/${ORIGINAL}`)).toBe(true);
    await deleteForGood(t.db, userId, created.id);
  });

  it("deleted for good, from Recently deleted or straight away, its row and its audio are gone", async () => {
    const userId = await insertUser(t.db);
    const first = await transcriptWithAudio(t.db, userId, "One", "one");
    const second = await transcriptWithAudio(t.db, userId, "Two", "two");
    await deleteTranscription(t.db, userId, first.id);
    await deleteForGood(t.db, userId, first.id);
    await deleteForGood(t.db, userId, second.id);
    for (const { id, audio } of [first, second]) {
      expect(await rowOf(t.db, id)).toBeUndefined();
      expect(await stored(audio)).toBe(false);
      expect(await reason(restoreTranscription(t.db, userId, id))).toMatchObject({ kind: "not_found" });
      expect(await reason(deleteForGood(t.db, userId, id))).toMatchObject({ kind: "not_found" });
    }
    expect(await listRecentlyDeleted(t.db, userId)).toEqual([]);
  });

  it(`after ${RECENTLY_DELETED_DAYS} days the scheduled purge removes it and its audio; younger ones stay`, async () => {
    const userId = await insertUser(t.db);
    const old = await transcriptWithAudio(t.db, userId, "Old", "old");
    const young = await transcriptWithAudio(t.db, userId, "Young", "young");
    const kept = await transcriptWithAudio(t.db, userId, "Kept", "kept");
    await deleteTranscription(t.db, userId, old.id);
    await deleteTranscription(t.db, userId, young.id);
    await deletedDaysAgo(t.db, old.id, RECENTLY_DELETED_DAYS + 0.01);
    await deletedDaysAgo(t.db, young.id, RECENTLY_DELETED_DAYS - 1);

    // Past keeping, it is neither listed nor restorable, even before the purge has run.
    expect((await listRecentlyDeleted(t.db, userId)).map((x) => x.title)).toEqual(["Young"]);
    expect(daysLeft(toApiDeleted((await listRecentlyDeleted(t.db, userId))[0]).purge_at)).toBe(1);
    expect(await reason(restoreTranscription(t.db, userId, old.id))).toMatchObject({ kind: "not_found" });

    const purge = workerSchedules().find((s) => s.name === "recently-deleted-purge");
    expect(purge).toBeDefined();
    await purge?.run(t.db);
    expect(await rowOf(t.db, old.id)).toBeUndefined();
    expect(await stored(old.audio)).toBe(false);
    expect(await rowOf(t.db, young.id)).toBeDefined();
    expect(await stored(young.audio)).toBe(true);
    expect(await rowOf(t.db, kept.id)).toMatchObject({ deletedAt: null });
    expect(await stored(kept.audio)).toBe(true);
    // Nothing more is due.
    expect(await purgeDeletedTranscriptions(t.db)).toBe(0);
  });

  it("a purge goes through more than one batch", async () => {
    const userId = await insertUser(t.db);
    const ids = await Promise.all(Array.from({ length: 120 }, (_, i) => insertDoneTranscription(t.db, userId, [], `Batch ${i}`)));
    await t.db.update(transcriptions).set({ deletedAt: new Date(Date.now() - 40 * DAY_MS) }).where(eq(transcriptions.userId, userId));
    expect(await purgeDeletedTranscriptions(t.db)).toBe(ids.length);
    const [{ n }] = await t.db.select({ n: sql<number>`count(*)::int` }).from(transcriptions).where(eq(transcriptions.userId, userId));
    expect(n).toBe(0);
  });

  it("another user can neither see, restore nor delete someone's deleted transcription (404)", async () => {
    const owner = await insertUser(t.db);
    const other = await insertUser(t.db);
    const { id, audio } = await transcriptWithAudio(t.db, owner, "Private", "secret");
    expect(await reason(deleteTranscription(t.db, other, id))).toMatchObject({ kind: "not_found" });
    await deleteTranscription(t.db, owner, id);
    expect(await listRecentlyDeleted(t.db, other)).toEqual([]);
    expect(await reason(restoreTranscription(t.db, other, id))).toMatchObject({ kind: "not_found", message: NOT_RECENTLY_DELETED });
    expect(await reason(deleteForGood(t.db, other, id))).toMatchObject({ kind: "not_found", message: TRANSCRIPTION_NOT_FOUND });
    expect(await rowOf(t.db, id)).toBeDefined();
    expect(await stored(audio)).toBe(true);
    expect((await listRecentlyDeleted(t.db, owner)).map((x) => x.id)).toEqual([id]);
  });

  it("deleting the account removes what is in Recently deleted too", async () => {
    const operator = await insertUser(t.db);
    const userId = await insertUser(t.db);
    const { id, audio } = await transcriptWithAudio(t.db, userId, "Gone", "gone");
    await deleteTranscription(t.db, userId, id);
    await deleteUserAsOperator(t.db, { id: operator, email: "ops1@verbatim.test" }, userId, demoBilling);
    expect(await rowOf(t.db, id)).toBeUndefined();
    expect(await stored(audio)).toBe(false);
  });
});
