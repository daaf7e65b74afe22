import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import type { Database } from "@/lib/db/client";
import { queryRows } from "@/lib/db/client";
import { transcriptions } from "@/lib/db/schema";
import { acrossMigration } from "@/test/support/migrations";
import { BACKENDS, useOpenedDatabase } from "@/test/support/databases";
import { insertDoneTranscription } from "@/test/support/transcripts";
import { insertUser } from "@/test/support/users";
import { renameTranscription } from "./queries";
import { searchTranscriptions } from "./search";
import { searchedText, searchedTextOf } from "./searched-text";

/** A finished transcription whose whole text is `text`, created `minutesAgo` minutes ago. */
async function transcript(database: Database, userId: string, title: string, text: string, minutesAgo = 0): Promise<string> {
  const id = await insertDoneTranscription(database, userId, [{ startMs: 0, endMs: 1000, text }], title);
  await database.update(transcriptions).set({ createdAt: new Date(Date.now() - minutesAgo * 60_000) }).where(eq(transcriptions.id, id));
  return id;
}

const titles = (found: Array<{ title: string }>) => found.map((t) => t.title);

describe.each(BACKENDS)("searching transcriptions on %s", (_name, open) => {
  const t = useOpenedDatabase(open);

  it("keeps the searched part of a transcript, cut the same by the worker and by an edit, never halving an emoji", async () => {
    const userId = await insertUser(t.db);
    // 20 segments of 2,999 characters and an emoji each: the cut falls inside segment 17.
    const texts = Array.from({ length: 20 }, (_, i) => `${String.fromCharCode(97 + i).repeat(2999)}😀`);
    const id = await insertDoneTranscription(t.db, userId, texts.map((text, i) => ({ startMs: i * 1000, endMs: i * 1000 + 1000, text })));
    const [row] = await queryRows<{ searched: string }>(t.db, sql`select ${searchedTextOf(id)} as searched`);
    expect(row.searched).toBe(searchedText(texts));
    expect(Array.from(row.searched)).toHaveLength(50_000);
    expect(searchedText(["short", "text"])).toBe("short text");
  });

  it("finds each word as the start of a word, in the title or the text: title matches first, then more matches, then the newest", async () => {
    const userId = await insertUser(t.db);
    await transcript(t.db, userId, "Budget review", "hello there", 40);
    await transcript(t.db, userId, "Once", "the budget came up after lunch", 30);
    await transcript(t.db, userId, "Often", "budget here, budget there, and the budget again", 20);
    await transcript(t.db, userId, "Once again", "a budget, and then nothing", 10);
    await transcript(t.db, userId, "Unrelated", "the weather and the roads", 5);
    expect(titles(await searchTranscriptions(t.db, userId, null, "budg"))).toEqual(["Budget review", "Often", "Once again", "Once"]);
    expect(titles(await searchTranscriptions(t.db, userId, null, "BUDGET"))).toEqual(["Budget review", "Often", "Once again", "Once"]);
    // Inside a word is not the start of one.
    expect(await searchTranscriptions(t.db, userId, null, "udget")).toEqual([]);
  });

  it("needs every word of the search, each as the start of a word", async () => {
    const userId = await insertUser(t.db);
    await transcript(t.db, userId, "Standup", "We talked about the transcription service and its pricing");
    await transcript(t.db, userId, "Retro", "We talked about the pricing only");
    expect(titles(await searchTranscriptions(t.db, userId, null, "transcri"))).toEqual(["Standup"]);
    expect(titles(await searchTranscriptions(t.db, userId, null, "transcri pric"))).toEqual(["Standup"]);
    // As good a match in both: the newest first.
    expect(titles(await searchTranscriptions(t.db, userId, null, "pricing talked"))).toEqual(["Retro", "Standup"]);
    expect(await searchTranscriptions(t.db, userId, null, "transcription holiday")).toEqual([]);
  });

  it("reads punctuation and the query syntax's operators as spaces: no search fails, one with no word finds nothing", async () => {
    const userId = await insertUser(t.db);
    await transcript(t.db, userId, "Call with O'Brien", "COVID-19 cost us 2.5 million; write to anna@example.com (or x_y) & wait!");
    for (const hostile of ["&", "|", "!", ":", "'", "(", ")", "*", "\\", "''", ":*", "!!!", "&|!:'()*\\", "-", "<->"]) {
      await expect(searchTranscriptions(t.db, userId, null, hostile)).resolves.toEqual([]);
    }
    for (const found of ["o'brien", "brien:*", "'covid'", "covid-19", "covid 19", "(2.5 & million) | !cost", "anna@example.com", "example.com", "x_y", "wait!", "\\cost\\"]) {
      expect({ found, titles: titles(await searchTranscriptions(t.db, userId, null, found)) }).toEqual({ found, titles: ["Call with O'Brien"] });
    }
    // Spaces alone are no search: the whole list.
    expect(titles(await searchTranscriptions(t.db, userId, null, "   "))).toEqual(["Call with O'Brien"]);
  });

  it("never finds another user's transcriptions", async () => {
    const owner = await insertUser(t.db);
    const other = await insertUser(t.db);
    await transcript(t.db, owner, "Secret plans", "the secret acquisition of Initech");
    await transcript(t.db, other, "My notes", "nothing here");
    expect(await searchTranscriptions(t.db, other, null, "secret")).toEqual([]);
    expect(await searchTranscriptions(t.db, other, null, "initech")).toEqual([]);
    expect(titles(await searchTranscriptions(t.db, other, null, ""))).toEqual(["My notes"]);
    expect(titles(await searchTranscriptions(t.db, owner, null, "initech"))).toEqual(["Secret plans"]);
  });

  it("finds accented and non-Latin words, case aside; a word written without spaces is found by its start only", async () => {
    const userId = await insertUser(t.db);
    await transcript(t.db, userId, "Paris", "Un CAFÉ au lait, s'il vous plaît");
    await transcript(t.db, userId, "Berlin", "Die Straße war voll");
    await transcript(t.db, userId, "Tokyo", "日本語の文章です");
    await transcript(t.db, userId, "Moscow", "Привет, как дела?");
    await transcript(t.db, userId, "Delhi", "मुझे हिन्दी पसंद है");
    expect(titles(await searchTranscriptions(t.db, userId, null, "café"))).toEqual(["Paris"]);
    expect(titles(await searchTranscriptions(t.db, userId, null, "plaît"))).toEqual(["Paris"]);
    expect(titles(await searchTranscriptions(t.db, userId, null, "straße"))).toEqual(["Berlin"]);
    expect(titles(await searchTranscriptions(t.db, userId, null, "STRASSE"))).toEqual([]);
    expect(titles(await searchTranscriptions(t.db, userId, null, "日本語"))).toEqual(["Tokyo"]);
    expect(titles(await searchTranscriptions(t.db, userId, null, "文章"))).toEqual([]);
    expect(titles(await searchTranscriptions(t.db, userId, null, "привет"))).toEqual(["Moscow"]);
    expect(titles(await searchTranscriptions(t.db, userId, null, "हिन्दी"))).toEqual(["Delhi"]);
    // "cafe" without its accent is another word.
    expect(titles(await searchTranscriptions(t.db, userId, null, "cafe"))).toEqual([]);
  });

  it("follows renames and edited text at once", async () => {
    const userId = await insertUser(t.db);
    const id = await transcript(t.db, userId, "Draft", "the first words");
    await renameTranscription(t.db, userId, id, "Quarterly review");
    await t.db.update(transcriptions).set({ transcriptText: "the corrected words" }).where(eq(transcriptions.id, id));
    expect(titles(await searchTranscriptions(t.db, userId, null, "quarterly corrected"))).toEqual(["Quarterly review"]);
    expect(await searchTranscriptions(t.db, userId, null, "draft")).toEqual([]);
    expect(await searchTranscriptions(t.db, userId, null, "first")).toEqual([]);
  });

  it("searches the first 50,000 characters of a transcript; text built to inflate the index is saved and searched", async () => {
    const userId = await insertUser(t.db);
    const filler = "lorem ipsum dolor sit amet ".repeat(Math.ceil(45_000 / 27)).slice(0, 45_000);
    await transcript(t.db, userId, "Long", `${filler} needle ${"more words ".repeat(1000)} haystack`);
    expect(titles(await searchTranscriptions(t.db, userId, null, "needle"))).toEqual(["Long"]);
    expect(await searchTranscriptions(t.db, userId, null, "haystack")).toEqual([]);
    // Text shaped for the largest index per character: hyphenated runs of distinct CJK pairs
    // (read by the parser as they are, each run and each part is an entry, and 200,000
    // characters overflow tsvector's 1 MB). Cut at the hyphens, each pair is one word.
    const cjk = (k: number) => String.fromCodePoint(0x4e00 + (k % 20_000));
    const runs = Array.from({ length: 5000 }, (_, i) => Array.from({ length: 20 }, (_, j) => cjk(i * 20 + j) + cjk(Math.floor((i * 20 + j) / 20_000))).join("-"));
    await transcript(t.db, userId, "Inflated", runs.join(" "));
    expect(titles(await searchTranscriptions(t.db, userId, null, cjk(7) + cjk(0)))).toEqual(["Inflated"]);
  });

  it("looks the words up in the GIN index", async () => {
    await t.db.transaction(async (tx) => {
      // Tables this small are cheaper to scan; forbidding that shows the index can answer.
      await tx.execute(sql`set local enable_seqscan = off`);
      const plan = await queryRows<{ "QUERY PLAN": string }>(
        tx,
        sql`explain select transcription_id from transcription_search where document @@ (select search_query(${"budg review"}, false))`,
      );
      expect(plan.map((row) => row["QUERY PLAN"]).join("\n")).toContain("transcription_search_document_idx");
    });
  });
});

describe("the search migration on an install with transcriptions", () => {
  it("indexes the transcriptions made before it, so they are found at once", async () => {
    const userId = randomUUID();
    await acrossMigration(
      "0017",
      async (handle) => {
        await handle.db.execute(sql`insert into users (id, name, email, email_verified) values (${userId}, 'Test', ${`${userId}@example.com`}, true)`);
        await handle.db.execute(sql`insert into transcriptions (id, user_id, title, duration_s, reserved_seconds, usage_period_start, audio_key,
            original_filename, content_type, size_bytes, transcript_text)
          values (${randomUUID()}, ${userId}, 'Kick-off', 60, 60, now(), 'key', 'a.wav', 'audio/wav', 1000, 'we agreed on the milestones')`);
      },
      async (handle) => {
        expect(titles(await searchTranscriptions(handle.db, userId, null, "milestone kick"))).toEqual(["Kick-off"]);
      },
    );
  });
});
