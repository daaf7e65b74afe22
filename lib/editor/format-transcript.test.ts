import { eq, sql } from "drizzle-orm";
import { formattingRuns, transcriptions, type Transcription } from "@/lib/db/schema";
import { closeFakeLlms, completion, startFakeLlm } from "@/test/support/fake-llm";
import { segmentsOf, toApiFormatted } from "@/lib/transcription/queries";
import { BACKENDS, type TestDatabase } from "@/test/support/databases";
import { insertDoneTranscription } from "@/test/support/transcripts";
import { insertUser } from "@/test/support/users";
import { formatTranscript, NO_LLM_MESSAGE } from "./format-transcript";
import { holdFormatting } from "./formatting-lock";
import { applySegmentEdits } from "./segment-edits";
import { createStyle } from "./styles";

const SEGMENTS = [
  { startMs: 0, endMs: 2000, text: "um so the the budget is done" },
  { startMs: 5000, endMs: 8000, text: "next we hire two people" },
];

async function row(db: TestDatabase["handle"]["db"], id: string): Promise<Transcription> {
  const [t] = await db.select().from(transcriptions).where(eq(transcriptions.id, id));
  return t;
}

describe.each(BACKENDS.slice(0, 1))("formatTranscript on %s", (_name, open) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await open();
  });
  afterAll(async () => {
    await closeFakeLlms();
    await t?.close();
  });

  it("basic: stores the formatted version beside the untouched raw segments; an edit marks it outdated", async () => {
    const { db } = t.handle;
    const user = await insertUser(db, "pro");
    const id = await insertDoneTranscription(db, user, SEGMENTS);
    const result = await formatTranscript(db, user, await row(db, id), { level: "basic" }, null);
    expect(toApiFormatted(result)).toMatchObject({
      markdown: "So the budget is done.\n\nNext we hire two people.",
      level: "basic",
      outdated: false,
    });
    expect((await segmentsOf(db, id)).map((s) => s.text)).toEqual(SEGMENTS.map((s) => s.text));
    await applySegmentEdits(db, user, id, { base_version: 0, changes: [{ position: 1, text: "then we hire three people" }] });
    expect(toApiFormatted(await row(db, id))?.outdated).toBe(true);
  });

  it("advanced: the model's headings, summary and action items around the full text", async () => {
    const { db } = t.handle;
    const user = await insertUser(db, "premium");
    const id = await insertDoneTranscription(db, user, SEGMENTS);
    const llm = startFakeLlm(() => ({
      json: completion(JSON.stringify({ summary: "The budget is done; two hires next.", action_items: ["Hire two people"], sections: [{ heading: "Budget", first_paragraph: 1 }, { heading: "Hiring", first_paragraph: 2 }] })),
    }));
    const result = await formatTranscript(db, user, await row(db, id), { level: "advanced" }, await llm.config());
    const markdown = result.formattedMarkdown ?? "";
    expect(markdown).toContain("## Summary\n\nThe budget is done; two hires next.");
    expect(markdown).toContain("- Hire two people");
    expect(markdown).toContain("### Budget\n\nSo the budget is done.");
    expect(markdown).toContain("### Hiring\n\nNext we hire two people.");
    expect(llm.seen).toHaveLength(1);
  });

  it("one formatting per user at a time, whichever host asks; a dead host's hold runs out", async () => {
    const { db } = t.handle;
    const user = await insertUser(db, "premium");
    const id = await insertDoneTranscription(db, user, SEGMENTS);
    // Another web host is formatting for this user right now.
    expect(await holdFormatting(db, user)).toBe(true);
    const refused = await formatTranscript(db, user, await row(db, id), { level: "basic" }, null).catch((e: unknown) => e);
    expect(refused).toMatchObject({ kind: "rate_limited", message: "You are already formatting a transcript. Wait until it finishes." });
    // That host died: its hold expires, and the next request goes through and lets go after.
    await db.update(formattingRuns).set({ until: sql`now() - interval '1 second'` }).where(eq(formattingRuns.userId, user));
    expect((await formatTranscript(db, user, await row(db, id), { level: "basic" }, null)).formattedLevel).toBe("basic");
    expect(await db.select().from(formattingRuns).where(eq(formattingRuns.userId, user))).toEqual([]);
  });

  it("a custom style sends the user's instructions and records the style's name", async () => {
    const { db } = t.handle;
    const user = await insertUser(db, "premium");
    const id = await insertDoneTranscription(db, user, SEGMENTS);
    const style = await createStyle(db, user, { name: "Minutes", instructions: "Write formal minutes." });
    const llm = startFakeLlm(() => ({ json: completion("```markdown\n# Minutes\n\n- Budget done\n```") }));
    const result = await formatTranscript(db, user, await row(db, id), { level: "style", style_id: style.id }, await llm.config());
    expect(result.formattedStyleName).toBe("Minutes");
    expect(result.formattedMarkdown).toBe("# Minutes\n\n- Budget done");
    expect(JSON.stringify(llm.seen[0].body)).toContain("Write formal minutes.");
  });

  it("refusals: no language model (503), the plan lacks it (403), the model fails (its status), nothing stored", async () => {
    const { db } = t.handle;
    const premium = await insertUser(db, "premium");
    const id = await insertDoneTranscription(db, premium, SEGMENTS);
    const noLlm = formatTranscript(db, premium, await row(db, id), { level: "advanced" }, null);
    await expect(noLlm).rejects.toMatchObject({ kind: "unavailable", message: NO_LLM_MESSAGE });

    const broken = startFakeLlm(() => ({ status: 500, json: { error: "boom" } }));
    const failed = formatTranscript(db, premium, await row(db, id), { level: "advanced" }, await broken.config());
    await expect(failed).rejects.toMatchObject({ kind: "unavailable", reason: "busy" });
    expect((await row(db, id)).formattedMarkdown).toBeNull();

    const free = await insertUser(db);
    const freeId = await insertDoneTranscription(db, free, SEGMENTS);
    const refused = formatTranscript(db, free, await row(db, freeId), { level: "basic" }, null);
    await expect(refused).rejects.toMatchObject({ kind: "forbidden", data: { upgrade: { feature: "ai_enhancement" } } });
  });
});
