import { readFile } from "node:fs/promises";
import { createUser, expect, logInViaApi, sql, test } from "./support/fixtures";
import { seedJfkTranscript, subscribe } from "./support/transcripts";

const audioTime = (page: import("@playwright/test").Page) =>
  page.getByTestId("audio").evaluate((a: HTMLAudioElement) => a.currentTime);

test("play → the segment and word highlight move; click a word → the audio jumps there", async ({ page, request }) => {
  const creds = await createUser(request);
  const id = await seedJfkTranscript(creds.email);
  await logInViaApi(page, creds);
  await page.goto(`/transcription/${id}`);
  const segments = page.getByTestId("segment");
  await expect(segments).toHaveCount(2);

  await page.getByTestId("audio").evaluate((a: HTMLAudioElement) => a.play());
  await expect(segments.nth(0)).toHaveAttribute("data-active", "true");
  await expect(page.locator("[data-word][data-current]")).toHaveCount(1);
  await expect(segments.nth(1)).toHaveAttribute("data-active", "true", { timeout: 10_000 });
  await expect(segments.nth(0)).not.toHaveAttribute("data-active", "true");
  await expect(segments.nth(1).locator("[data-word][data-current]")).toHaveCount(1);

  // "country" is word 4 of the second segment: 3900 + 4 × 420 = 5580 ms.
  await segments.nth(1).locator("[data-word='4']").click();
  await expect.poll(() => audioTime(page)).toBeGreaterThanOrEqual(5.5);
  expect(await audioTime(page)).toBeLessThan(6.5);

  // Keyboard: pause, back 5 s.
  await page.keyboard.press("Space");
  await expect.poll(() => page.getByTestId("audio").evaluate((a: HTMLAudioElement) => a.paused)).toBe(true);
  const before = await audioTime(page);
  await page.keyboard.press("ArrowLeft");
  await expect.poll(() => audioTime(page)).toBeCloseTo(Math.max(0, before - 5), 0);

  // Low-confidence words are marked.
  await expect(segments.nth(0).locator("[data-word='3']")).toHaveAttribute("title", /Low confidence \(30 %\)/);

  await page.keyboard.press("?");
  const help = page.getByRole("dialog", { name: "Keyboard shortcuts" });
  await expect(help).toContainText("Back 5 seconds");
  await expect(help).toContainText("Next segment");
});

test("edit → autosave → reload keeps the edit; undo; find and replace", async ({ page, request }) => {
  const creds = await createUser(request);
  const id = await seedJfkTranscript(creds.email);
  await logInViaApi(page, creds);
  await page.goto(`/transcription/${id}`);
  const first = page.getByTestId("segment").nth(0);

  await first.dblclick();
  const box = first.getByRole("textbox");
  await box.fill("And so, my fellow Americans:");
  await box.press("Enter");
  await expect(page.getByTestId("save-status")).toHaveText("All changes saved");
  await page.reload();
  await expect(page.getByTestId("segment").nth(0)).toContainText("And so, my fellow Americans:");

  // Undo writes the previous text back (and saves it).
  await page.getByTestId("segment").nth(0).getByRole("button", { name: /^Edit/ }).click();
  await page.getByTestId("segment").nth(0).getByRole("textbox").fill("changed twice");
  await page.getByTestId("segment").nth(0).getByRole("textbox").press("Escape");
  await expect(page.getByTestId("save-status")).toHaveText("All changes saved");
  await page.getByRole("button", { name: "Undo" }).click();
  await expect(page.getByTestId("segment").nth(0)).toContainText("And so, my fellow Americans:");
  await expect(page.getByTestId("save-status")).toHaveText("All changes saved");

  await page.keyboard.press("Control+f");
  await page.getByLabel("Find", { exact: true }).fill("country");
  await expect(page.getByRole("search")).toContainText("1 of 2");
  await page.getByLabel("Replace with").fill("nation");
  await page.getByRole("button", { name: "Replace all" }).click();
  await expect(page.getByRole("search")).toContainText("No matches");
  await expect(page.getByTestId("save-status")).toHaveText("All changes saved");

  const rows = await sql<{ text: string }>("select text from transcript_segments where transcription_id = $1 order by position", [id]);
  expect(rows.map((r) => r.text)).toEqual([
    "And so, my fellow Americans:",
    "ask not what your nation can do for you ask what you can do for your nation",
  ]);
});

test("two tabs: the stale save is refused, nothing is overwritten, and a reload is offered", async ({ page, request, context }) => {
  const creds = await createUser(request);
  const id = await seedJfkTranscript(creds.email);
  await logInViaApi(page, creds);
  await page.goto(`/transcription/${id}`);
  const other = await context.newPage();
  await other.goto(`/transcription/${id}`);

  await other.getByTestId("segment").nth(0).dblclick();
  await other.getByTestId("segment").nth(0).getByRole("textbox").fill("saved in the other tab");
  await other.getByTestId("segment").nth(0).getByRole("textbox").press("Enter");
  await expect(other.getByTestId("save-status")).toHaveText("All changes saved");

  await page.getByTestId("segment").nth(0).dblclick();
  await page.getByTestId("segment").nth(0).getByRole("textbox").fill("typed in this tab");
  await page.getByTestId("segment").nth(0).getByRole("textbox").press("Enter");
  const dialog = page.getByRole("dialog", { name: "This transcript changed elsewhere" });
  await expect(dialog).toContainText("This transcript was changed in another tab or window since you opened it. Reload to get the latest version.");
  await expect(dialog.getByTestId("unsaved-text")).toContainText("typed in this tab");
  const [row] = await sql<{ text: string }>("select text from transcript_segments where transcription_id = $1 and position = 0", [id]);
  expect(row.text).toBe("saved in the other tab");

  await dialog.getByRole("button", { name: "Reload" }).click();
  await expect(page.getByTestId("segment").nth(0)).toContainText("saved in the other tab");
});

test("a Pro user downloads every export format; formatting makes a readable version that exports too", async ({ page, request }) => {
  const creds = await createUser(request);
  await subscribe(creds.email, "pro");
  const id = await seedJfkTranscript(creds.email, "JFK: inaugural");
  await logInViaApi(page, creds);
  await page.goto(`/transcription/${id}`);

  const expected: Record<string, RegExp> = {
    txt: /^JFK: inaugural\n/,
    md: /^# JFK: inaugural\n/,
    srt: /^1\n00:00:00,300 --> /,
    vtt: /^WEBVTT\n\n/,
    pdf: /^%PDF-/,
    docx: /^PK/,
  };
  for (const [format, start] of Object.entries(expected)) {
    await page.getByRole("button", { name: "Export" }).click();
    await page.getByRole("radio", { name: new RegExp(`\\(\\.${format}\\)`) }).check();
    const download = page.waitForEvent("download");
    await page.getByRole("button", { name: "Download" }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe(`JFK inaugural.${format}`);
    const body = await readFile((await file.path())!);
    expect(body.toString(format === "pdf" || format === "docx" ? "latin1" : "utf8")).toMatch(start);
    await page.keyboard.press("Escape");
  }

  await page.getByRole("tab", { name: "Formatted" }).click();
  await expect(page.getByText("No formatted version yet.")).toBeVisible();
  await page.getByRole("button", { name: "AI enhancement" }).click();
  const formatted = page.getByTestId("formatted");
  await expect(formatted).toContainText("And so my fellow americans. Ask not what your country");
  await expect(page.getByText("Advanced formatting is not included in your plan.")).toBeVisible();

  await page.getByRole("button", { name: "Export" }).click();
  await page.getByRole("radio", { name: "Formatted version" }).check();
  await page.getByRole("radio", { name: /\(\.md\)/ }).check();
  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "Download" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/-formatted\.md$/);
  expect(await readFile((await file.path())!, "utf8")).toContain("And so my fellow americans. Ask not what your country");

  // The raw transcript is untouched.
  await page.keyboard.press("Escape");
  await page.getByRole("tab", { name: "Transcript" }).click();
  await expect(page.getByTestId("segment").nth(0)).toContainText("and so my fellow americans");
});

test("a free user gets TXT but is refused PDF with the upgrade hint", async ({ page, request }) => {
  const creds = await createUser(request);
  const id = await seedJfkTranscript(creds.email);
  await logInViaApi(page, creds);
  await page.goto(`/transcription/${id}`);

  await page.getByRole("button", { name: "Export" }).click();
  await page.getByRole("radio", { name: /\(\.pdf\)/ }).check();
  await page.getByRole("button", { name: "Download" }).click();
  const refusal = page.getByRole("dialog").getByRole("alert");
  await expect(refusal).toContainText("PDF export is not included in your Free plan. Upgrade to Pro or Premium to use it.");
  await expect(refusal.getByRole("link", { name: "See plans and upgrade" })).toBeVisible();

  await page.getByRole("radio", { name: /\(\.txt\)/ }).check();
  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "Download" }).click();
  expect((await download).suggestedFilename()).toBe("JFK inaugural.txt");
});
