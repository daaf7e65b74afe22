/**
 * Speakers, as a user meets them: a two-voice dialog uploaded with the defaults comes back
 * labelled Speaker 1 and Speaker 2 (the basic detector: this stack downloads no model), a
 * speaker renamed shows in the exports, saved as a voice profile it is suggested for the next
 * upload of that voice, and accepting the suggestion names the speaker.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { readFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import mammoth from "mammoth";
import type { Page } from "@playwright/test";
import { twoVoiceDialog, type TestAudio } from "@/test/support/dialog-audio";
import { createUser, expect, logInViaApi, test } from "./support/fixtures";
import { subscribe } from "./support/transcripts";

const work = mkdtempSync(path.join(os.tmpdir(), "verbatim-e2e-speakers-"));
let dialog: TestAudio;

test.beforeAll(async () => {
  dialog = await twoVoiceDialog(work);
});
test.afterAll(() => rmSync(work, { recursive: true, force: true }));

/** Uploads the dialog from the dashboard under `name` and opens its transcript once done. */
async function uploadDialog(page: Page, name: string) {
  await page.goto("/dashboard");
  await expect(page.getByLabel("Speakers")).toHaveValue("");
  await page.getByLabel("Choose audio files").setInputFiles({ name: `${name}.wav`, mimeType: "audio/wav", buffer: await readFile(dialog.wavPath) });
  const row = page.getByTestId("transcription-row").filter({ hasText: name });
  await expect(row.getByTestId("status")).toHaveText("Done", { timeout: 90_000 });
  await row.getByRole("link", { name }).click();
  await expect(page.getByTestId("segment").first()).toBeVisible();
}

async function download(page: Page, format: "srt" | "docx"): Promise<Buffer> {
  await page.getByRole("button", { name: "Export" }).click();
  await page.getByRole("radio", { name: new RegExp(`\\(\\.${format}\\)`) }).check();
  const file = page.waitForEvent("download");
  await page.getByRole("button", { name: "Download" }).click();
  const body = await readFile((await (await file).path())!);
  await page.keyboard.press("Escape");
  return body;
}

test("a two-voice dialog gets two speakers; a renamed one is in the exports, and its voice profile names it in the next upload", async ({ page, request }) => {
  test.setTimeout(240_000);
  const creds = await createUser(request);
  await subscribe(creds.email, "pro");
  await logInViaApi(page, creds);

  await uploadDialog(page, "interview-one");
  await expect(page.getByTestId("speaker-notices")).toContainText("Speakers were told apart by a basic detector");
  const first = page.getByRole("combobox", { name: /^Speaker of the segment at / }).first();
  await expect(first).toHaveValue("Speaker 1");
  const speakers = await page.getByRole("combobox", { name: /^Speaker of the segment at / }).evaluateAll((all) => all.map((s) => (s as HTMLSelectElement).value));
  expect(new Set(speakers)).toEqual(new Set(["Speaker 1", "Speaker 2"]));

  // Kennedy speaks first: Speaker 1 is named, everywhere, and saved as a voice profile.
  await page.getByRole("button", { name: "Speakers" }).click();
  const names = page.getByRole("dialog", { name: "Speakers" });
  const rename = names.getByRole("textbox", { name: "New name for Speaker 1" });
  await rename.fill("Kennedy");
  await rename.press("Enter");
  await expect(names).toBeHidden();
  await page.getByRole("button", { name: "Speakers", exact: true }).click();
  await names.getByRole("button", { name: "Save as a voice profile: Kennedy" }).click();
  await expect(names).toContainText("Saved. Later transcriptions will suggest “Kennedy”.");
  await page.keyboard.press("Escape");
  await expect(first).toHaveValue("Kennedy");
  await expect(page.getByTestId("save-status")).toHaveText("All changes saved");

  const srt = (await download(page, "srt")).toString("utf8");
  expect(srt).toContain("Kennedy:");
  expect(srt).toContain("Speaker 2:");
  const docx = (await mammoth.extractRawText({ buffer: await download(page, "docx") })).value;
  expect(docx).toContain("Kennedy:");
  expect(docx).toContain("Speaker 2:");

  // The account page lists the profile.
  await page.goto("/account");
  await expect(page.getByText("Kennedy", { exact: true })).toBeVisible();

  // The same voices again: Kennedy's voice is suggested by name, and accepting names him.
  await uploadDialog(page, "interview-two");
  const suggestion = page.getByRole("status").filter({ hasText: "Speaker 1 sounds like Kennedy." });
  await expect(suggestion).toBeVisible();
  await suggestion.getByRole("button", { name: "Yes, it's Kennedy" }).click();
  await expect(suggestion).toBeHidden();
  await expect(page.getByRole("combobox", { name: /^Speaker of the segment at / }).first()).toHaveValue("Kennedy");
  await expect(page.getByTestId("save-status")).toHaveText("All changes saved");
});

test("one speaker said on upload: no labels and no detection note", async ({ page, request }) => {
  test.setTimeout(180_000);
  const creds = await createUser(request);
  await logInViaApi(page, creds);
  await page.goto("/dashboard");
  await page.getByLabel("Speakers").selectOption("1");
  await page.getByLabel("Choose audio files").setInputFiles({ name: "monologue.wav", mimeType: "audio/wav", buffer: await readFile(dialog.wavPath) });
  const row = page.getByTestId("transcription-row").filter({ hasText: "monologue" });
  await expect(row.getByTestId("status")).toHaveText("Done", { timeout: 90_000 });
  await row.getByRole("link", { name: "monologue" }).click();
  await expect(page.getByTestId("segment").first()).toBeVisible();
  await expect(page.getByTestId("speaker-notices")).toHaveCount(0);
  const speakers = await page.getByRole("combobox", { name: /^Speaker of the segment at / }).evaluateAll((all) => all.map((s) => (s as HTMLSelectElement).value));
  expect(speakers.every((s) => s === "")).toBe(true);
});
