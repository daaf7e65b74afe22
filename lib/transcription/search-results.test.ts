import { BACKENDS, type TestDatabase } from "@/test/support/databases";
import { insertDoneTranscription } from "@/test/support/transcripts";
import { insertUser } from "@/test/support/users";
import { searchTranscriptions } from "./search";

const LONG_BEFORE = "we talked about the weather and the roads for quite a while before anyone mentioned money at all";

describe.each(BACKENDS.slice(0, 1))("search results carry a snippet of the matching text, on %s", (_name, open) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await open();
  });
  afterAll(async () => {
    await t.close();
  });

  it("a match in the transcript: the words around it, the match itself as it is written, cut at word boundaries", async () => {
    const userId = await insertUser(t.handle.db);
    await insertDoneTranscription(t.handle.db, userId, [
      { startMs: 0, endMs: 2000, text: LONG_BEFORE },
      { startMs: 2000, endMs: 4000, text: "then the Budget for next year came up and nobody agreed" },
    ], "Team call");
    const [found] = await searchTranscriptions(t.handle.db, userId, null, "budget");
    expect(found.title).toBe("Team call");
    expect(found.snippet).toEqual({ before: "…anyone mentioned money at all then the ", match: "Budget", after: " for next year came up and nobody agreed" });
  });

  it("the match is the first whole word that begins with one of the search's words, highlighted as written", async () => {
    const userId = await insertUser(t.handle.db);
    await insertDoneTranscription(t.handle.db, userId, [
      { startMs: 0, endMs: 2000, text: "First the agenda. Then Transcriptions of last week's calls" },
      { startMs: 2000, endMs: 4000, text: "and the agenda again" },
    ], "Weekly");
    const [found] = await searchTranscriptions(t.handle.db, userId, null, "transcri agend");
    expect(found.snippet).toEqual({ before: "First the ", match: "agenda", after: ". Then Transcriptions of last week's…" });
    const [prefix] = await searchTranscriptions(t.handle.db, userId, null, "TRANSCRI");
    expect(prefix.snippet).toEqual({ before: "First the agenda. Then ", match: "Transcriptions", after: " of last week's calls and the agenda…" });
  });

  it("a match only in the title has no snippet; without a search term the list has none either", async () => {
    const userId = await insertUser(t.handle.db);
    await insertDoneTranscription(t.handle.db, userId, [{ startMs: 0, endMs: 1000, text: "hello there" }], "Budget review");
    const [found] = await searchTranscriptions(t.handle.db, userId, null, "budget");
    expect(found.title).toBe("Budget review");
    expect(found.snippet).toBeNull();
    const [listed] = await searchTranscriptions(t.handle.db, userId, null, "");
    expect(listed.snippet).toBeNull();
  });
});
