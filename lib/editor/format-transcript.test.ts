import { and, eq, sql } from "drizzle-orm";
import { jobs, transcriptions, type Transcription } from "@/lib/db/schema";
import type { LlmConfig } from "@/lib/formatting/llm-client";
import { runJob } from "@/lib/jobs/run-job";
import { claim } from "@/lib/jobs/store";
import { formatJob } from "./format-job";
import { closeFakeLlms, completion, startFakeLlm } from "@/test/support/fake-llm";
import { segmentsOf, toApiFormatted } from "@/lib/transcription/queries";
import { BACKENDS, type TestDatabase } from "@/test/support/databases";
import { insertDoneTranscription } from "@/test/support/transcripts";
import { insertUser } from "@/test/support/users";
import { NO_AI_FORMATTING } from "./capabilities";
import { ALREADY_FORMATTING, formatState, requestFormatting, runFormatJob } from "./format-transcript";
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

/** A worker's task lane, once: the format job this user queued, with the model the worker's environment names. */
async function workerRuns(db: TestDatabase["handle"]["db"], llm: LlmConfig | null) {
  const job = await claim(db, "worker-a", ["format"], 30_000);
  if (!job) return null;
  const definition = { ...formatJob, run: ({ database, payload }: Parameters<typeof formatJob.run>[0]) => runFormatJob(database, job, payload, llm) };
  return { job, outcome: await runJob(db, job, definition, { leaseMs: 30_000, stopping: new AbortController().signal }) };
}

describe.each(BACKENDS.slice(0, 1))("formatting on %s", (_name, open) => {
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
    const state = await requestFormatting(db, user, await row(db, id), { level: "basic" }, null);
    // The rules run at once: no job, no waiting.
    expect(state.run).toBeNull();
    expect(state.formatted).toMatchObject({
      markdown: "So the budget is done.\n\nNext we hire two people.",
      level: "basic",
      outdated: false,
    });
    expect((await segmentsOf(db, id)).map((s) => s.text)).toEqual(SEGMENTS.map((s) => s.text));
    await applySegmentEdits(db, user, id, { base_version: 0, changes: [{ position: 1, text: "then we hire three people" }] });
    expect(toApiFormatted(await row(db, id))?.outdated).toBe(true);
  });

  it("advanced: queued for a worker, which stores the model's headings, summary and action items", async () => {
    const { db } = t.handle;
    const user = await insertUser(db, "premium");
    const id = await insertDoneTranscription(db, user, SEGMENTS);
    const llm = startFakeLlm(() => ({
      json: completion(JSON.stringify({ summary: "The budget is done; two hires next.", action_items: ["Hire two people"], sections: [{ heading: "Budget", first_paragraph: 1 }, { heading: "Hiring", first_paragraph: 2 }] })),
    }));
    const queued = await requestFormatting(db, user, await row(db, id), { level: "advanced" }, await llm.config());
    expect(queued).toMatchObject({ formatted: null, run: { level: "advanced", status: "queued", error: null } });
    // The web request never called the model: the worker does.
    expect(llm.seen).toHaveLength(0);
    expect(await workerRuns(db, await llm.config())).toMatchObject({ outcome: "done", job: { kind: "format" } });
    const state = await formatState(db, await row(db, id));
    expect(state.run).toBeNull();
    const markdown = state.formatted?.markdown ?? "";
    expect(markdown).toContain("## Summary\n\nThe budget is done; two hires next.");
    expect(markdown).toContain("- Hire two people");
    expect(markdown).toContain("### Budget\n\nSo the budget is done.");
    expect(markdown).toContain("### Hiring\n\nNext we hire two people.");
    expect(state.formatted?.level).toBe("advanced");
    expect(llm.seen).toHaveLength(1);
    // The job has ended; the state shows no run any more.
    expect(await db.select({ status: jobs.status }).from(jobs).where(eq(jobs.transcriptionId, id))).toEqual([{ status: "done" }]);
    expect(state.run).toBeNull();
  });

  it("one language-model formatting per user at a time, whichever host asks; a dead worker's job goes to another", async () => {
    const { db } = t.handle;
    const user = await insertUser(db, "premium");
    const first = await insertDoneTranscription(db, user, SEGMENTS);
    const second = await insertDoneTranscription(db, user, SEGMENTS);
    const llm = startFakeLlm(() => ({ json: completion(JSON.stringify({ summary: "S.", action_items: [], sections: [] })) }));
    const config = await llm.config();
    await requestFormatting(db, user, await row(db, first), { level: "advanced" }, config);
    // Another host, the same user, before the first finished: refused, whatever the transcript.
    const refused = await requestFormatting(db, user, await row(db, second), { level: "advanced" }, config).catch((e: unknown) => e);
    expect(refused).toMatchObject({ kind: "rate_limited", message: ALREADY_FORMATTING });
    // Basic formatting needs no model and is never held up.
    expect((await requestFormatting(db, user, await row(db, second), { level: "basic" }, null)).formatted?.level).toBe("basic");
    // A worker took the job and died: its lease runs out, another worker finishes it.
    await db.update(jobs).set({ status: "running", lockedBy: "dead", lockedUntil: sql`now() - interval '1 second'`, attempts: 1 }).where(eq(jobs.transcriptionId, first));
    expect(await workerRuns(db, config)).toMatchObject({ outcome: "done", job: { attempts: 2 } });
    expect((await row(db, first)).formattedLevel).toBe("advanced");
    // Free again.
    expect((await requestFormatting(db, user, await row(db, second), { level: "advanced" }, config)).run?.status).toBe("queued");
    await workerRuns(db, config);
  });

  it("a custom style sends the user's instructions and records the style's name", async () => {
    const { db } = t.handle;
    const user = await insertUser(db, "premium");
    const id = await insertDoneTranscription(db, user, SEGMENTS);
    const style = await createStyle(db, user, { name: "Minutes", instructions: "Write formal minutes." });
    const llm = startFakeLlm(() => ({ json: completion("```markdown\n# Minutes\n\n- Budget done\n```") }));
    await requestFormatting(db, user, await row(db, id), { level: "style", style_id: style.id }, await llm.config());
    await workerRuns(db, await llm.config());
    const result = await row(db, id);
    expect(result.formattedStyleName).toBe("Minutes");
    expect(result.formattedMarkdown).toBe("# Minutes\n\n- Budget done");
    expect(JSON.stringify(llm.seen[0].body)).toContain("Write formal minutes.");
  });

  it("refusals come at once: no language model (503), the plan lacks it (403), not the user's style (404); nothing queued", async () => {
    const { db } = t.handle;
    const premium = await insertUser(db, "premium");
    const id = await insertDoneTranscription(db, premium, SEGMENTS);
    const noLlm = requestFormatting(db, premium, await row(db, id), { level: "advanced" }, null);
    await expect(noLlm).rejects.toMatchObject({ kind: "unavailable", message: NO_AI_FORMATTING });
    const other = await createStyle(db, await insertUser(db, "premium"), { name: "Theirs", instructions: "x" });
    const llm = startFakeLlm(() => ({ json: completion("x") }));
    const notMine = requestFormatting(db, premium, await row(db, id), { level: "style", style_id: other.id }, await llm.config());
    await expect(notMine).rejects.toMatchObject({ kind: "not_found" });

    const free = await insertUser(db);
    const freeId = await insertDoneTranscription(db, free, SEGMENTS);
    const refused = requestFormatting(db, free, await row(db, freeId), { level: "basic" }, null);
    await expect(refused).rejects.toMatchObject({ kind: "forbidden", data: { upgrade: { feature: "ai_enhancement" } } });
    expect(await db.select().from(jobs).where(and(eq(jobs.kind, "format"), eq(jobs.transcriptionId, id)))).toEqual([]);
  });

  it("a model that fails: retried while it is busy, then the reason on the transcript; a model that refuses: failed at once", async () => {
    const { db } = t.handle;
    const premium = await insertUser(db, "premium");
    const id = await insertDoneTranscription(db, premium, SEGMENTS);
    const busy = startFakeLlm(() => ({ status: 503, json: { error: "overloaded" } }));
    const config = await busy.config();
    await requestFormatting(db, premium, await row(db, id), { level: "advanced" }, config);
    expect(await workerRuns(db, config)).toMatchObject({ outcome: "retry" });
    expect((await formatState(db, await row(db, id))).run).toMatchObject({ status: "queued" });
    for (let attempt = 2; attempt <= 3; attempt++) {
      await db.update(jobs).set({ runAfter: sql`now()` }).where(eq(jobs.transcriptionId, id));
      expect((await workerRuns(db, config))?.outcome).toBe(attempt < 3 ? "retry" : "failed");
    }
    expect((await formatState(db, await row(db, id))).run).toMatchObject({
      status: "failed",
      error: "The formatting service is busy. Try again in a minute.",
    });
    expect((await row(db, id)).formattedMarkdown).toBeNull();

    // Trying again replaces the failure; a model that refuses our credentials is not retried.
    const refusing = startFakeLlm(() => ({ status: 401, json: { error: "bad key" } }));
    await requestFormatting(db, premium, await row(db, id), { level: "advanced" }, await refusing.config());
    expect((await formatState(db, await row(db, id))).run).toMatchObject({ status: "queued", error: null });
    expect((await workerRuns(db, await refusing.config()))?.outcome).toBe("failed");
    expect((await formatState(db, await row(db, id))).run?.error).toBe("AI formatting is not working on this server right now. Try again later.");
  });
});
