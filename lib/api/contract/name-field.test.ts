import type { z } from "zod";
import { isDomainError } from "@/lib/errors/domain-error";
import { parseJsonBody } from "@/lib/http/body";
import { STATUS_OF } from "@/lib/http/error-response";
import { PlanPatchBody, TierPatchBody } from "./admin";
import { RecordingStartBody } from "./recordings";
import { RenameBody, SegmentEdits, StyleInput } from "./transcription";

/** The body as the route handler receives it, or the status and sentence the client reads. */
async function sent<S extends z.core.$ZodType>(schema: S, body: unknown) {
  const request = new Request("http://localhost/x", { method: "POST", body: JSON.stringify(body) });
  try {
    return { body: await parseJsonBody(request, schema) };
  } catch (error) {
    if (!isDomainError(error)) throw error;
    return { status: STATUS_OF[error.kind], detail: error.message };
  }
}

// A title as an attacker sends it: a line break to forge a second line in lists and mails,
// a right-to-left override to make the end read backwards, an isolate, a C1 control.
const HOSTILE = "Quarterly\r\nreview \u202Efdp.exe\u2066\u0085\u009b";
const KEPT = "Quarterly review fdp.exe";
const NOTHING_BUT_CONTROLS = "\u202E\u200F\r\n\t\u2028\u2066\u061C\u007f";

describe("every field a person names something with is kept on one line, without control or bidirectional characters", () => {
  it.each([
    ["a transcription's title (rename)", RenameBody, { title: HOSTILE }, { title: KEPT }],
    ["a recording's title", RecordingStartBody, { title: HOSTILE, mode: "mic" }, { title: KEPT }],
    ["a style's name", StyleInput, { name: HOSTILE, instructions: "Keep\nthe lines." }, { name: KEPT, instructions: "Keep\nthe lines." }],
    ["a plan's name", PlanPatchBody, { name: HOSTILE }, { name: KEPT }],
    ["a language tier's description and language names", TierPatchBody, { description: HOSTILE, languages: { en: "Eng\u202Elish\r\n" } }, { description: KEPT, languages: { en: "English" } }],
    ["a language name typed line by line", TierPatchBody, { languages: "en: Eng\u202Elish\u2028\nfr: \u2066" }, { languages: { en: "English" } }],
  ])("%s", async (_what, schema, body, kept) => {
    expect(await sent(schema, body)).toEqual({ body: expect.objectContaining(kept) });
  });

  it("a speaker's name too, while the segment's text keeps what it has", async () => {
    const edits = await sent(SegmentEdits, { base_version: 1, changes: [{ position: 0, speaker: `Dr.\r\n\u202EHoward`, text: "Text\u202E stays" }] });
    expect(edits).toEqual({ body: expect.objectContaining({ changes: [{ position: 0, speaker: "Dr. Howard", text: "Text\u202E stays" }] }) });
  });

  it.each([
    ["a transcription's title", RenameBody, { title: NOTHING_BUT_CONTROLS }, "Enter a title."],
    ["a recording's title", RecordingStartBody, { title: NOTHING_BUT_CONTROLS, mode: "mic" }, "Enter a title."],
    ["a speaker's name", SegmentEdits, { base_version: 1, changes: [{ position: 0, speaker: NOTHING_BUT_CONTROLS }] }, "Give the speaker a name."],
    ["a style's name", StyleInput, { name: NOTHING_BUT_CONTROLS, instructions: "x" }, "Give the style a name."],
    ["a plan's name", PlanPatchBody, { name: NOTHING_BUT_CONTROLS }, "The plan name cannot be empty."],
    ["a tier's description", TierPatchBody, { description: NOTHING_BUT_CONTROLS }, "The description cannot be empty."],
  ])("%s that is nothing but such characters is refused as empty", async (_what, schema, body, sentence) => {
    expect(await sent(schema, body)).toEqual({ status: 422, detail: sentence });
  });

  it("counts the length of what is kept", async () => {
    expect(await sent(RenameBody, { title: `${"x".repeat(200)}\u202E\u202E` })).toEqual({ body: { title: "x".repeat(200) } });
    expect(await sent(RenameBody, { title: "x".repeat(201) })).toEqual({ status: 422, detail: "Title must be 200 characters or fewer." });
  });
});
