import { readFile } from "node:fs/promises";
import type { APIRequestContext, Page } from "@playwright/test";
import { createUser, expect, logInViaApi, sql, test } from "./support/fixtures";
import { editorHydrated, holdSegmentSaves, seedJfkTranscript, subscribe } from "./support/transcripts";

const audioTime = (page: Page) =>
  page.getByTestId("audio").evaluate((a: HTMLAudioElement) => a.currentTime);

/** A new user with the JFK transcript, signed in, on its editor. */
async function openJfkEditor(page: Page, request: APIRequestContext) {
  const creds = await createUser(request);
  const id = await seedJfkTranscript(creds.email);
  await logInViaApi(page, creds);
  await page.goto(`/transcription/${id}`);
  return { creds, id };
}

test("play → the segment and word highlight move; click a word → the audio jumps there", async ({ page, request }) => {
  const { id } = await openJfkEditor(page, request);
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
  // The click also put the cursor into the text; Escape leaves it, so keys control the player again.
  await page.keyboard.press("Escape");

  // Keyboard: pause, back 5 s.
  await page.keyboard.press("Space");
  await expect.poll(() => page.getByTestId("audio").evaluate((a: HTMLAudioElement) => a.paused)).toBe(true);
  const before = await audioTime(page);
  await page.keyboard.press("ArrowLeft");
  await expect.poll(() => audioTime(page)).toBeCloseTo(Math.max(0, before - 5), 0);

  await page.keyboard.press("?");
  const help = page.getByRole("dialog", { name: "Keyboard shortcuts" });
  await expect(help).toContainText("Back 5 seconds");
  await expect(help).toContainText("Next segment");
  await page.keyboard.press("Escape");

  // Words below the engine's line are marked: PocketSphinx's is 0.3 (lib/editor/review.ts),
  // so "fellow" at 30 % is not, and at 20 % it is.
  const fellow = segments.nth(0).locator("[data-word='3']");
  await expect(fellow).not.toHaveAttribute("title", /Low confidence/);
  await sql(
    "update transcript_segments set words = jsonb_set(words, '{3,confidence}', '0.2') where transcription_id = $1 and position = 0",
    [id],
  );
  await page.reload();
  await expect(fellow).toHaveAttribute("title", /Low confidence \(20 %\)/);
});

test("edit → autosave → reload keeps the edit; undo; find and replace", async ({ page, request }) => {
  const { id } = await openJfkEditor(page, request);
  const first = page.getByTestId("segment").nth(0);

  await first.dblclick();
  const box = first.getByRole("textbox");
  await box.fill("And so, my fellow Americans:");
  await box.press("Escape");
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

test("two tabs: a save meeting the other tab's edit of that segment overwrites nothing, says so, and lets the user choose", async ({ page, request, context }) => {
  const { id } = await openJfkEditor(page, request);
  const other = await context.newPage();
  await other.goto(`/transcription/${id}`);
  await editorHydrated(other);
  // This tab's save is held on its way while the other tab saves the same segment.
  const release = await holdSegmentSaves(page, id);
  await page.getByTestId("segment").nth(0).dblclick();
  await page.getByTestId("segment").nth(0).getByRole("textbox").fill("typed in this tab");
  await page.getByTestId("segment").nth(0).getByRole("textbox").press("Escape");

  await other.getByTestId("segment").nth(0).dblclick();
  await other.getByTestId("segment").nth(0).getByRole("textbox").fill("saved in the other tab");
  await other.getByTestId("segment").nth(0).getByRole("textbox").press("Escape");
  await expect(other.getByTestId("save-status")).toHaveText("All changes saved");
  await release();

  const dialog = page.getByRole("dialog", { name: "The segment at 00:00 was changed by your other tab or window" });
  await expect(dialog).toContainText("This segment was saved in another tab or window while you were editing it here. Choose which text to keep.");
  await expect(dialog.getByTestId("conflict-mine")).toHaveText("typed in this tab");
  await expect(dialog.getByTestId("conflict-theirs")).toHaveText("saved in the other tab");
  const [row] = await sql<{ text: string }>("select text from transcript_segments where transcription_id = $1 and position = 0", [id]);
  expect(row.text).toBe("saved in the other tab");

  // A merge of both, written by hand, is what is saved.
  await dialog.getByRole("button", { name: "Edit a merge" }).click();
  await dialog.getByLabel("Merged text").fill("typed here, and saved there");
  await dialog.getByRole("button", { name: "Save the merge" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId("save-status")).toHaveText("All changes saved");
  await expect(other.getByTestId("segment").nth(0)).toContainText("typed here, and saved there");
  const [merged] = await sql<{ text: string }>("select text from transcript_segments where transcription_id = $1 and position = 0", [id]);
  expect(merged.text).toBe("typed here, and saved there");
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

  // An edit makes the formatted version outdated at once, without a reload.
  await page.getByTestId("segment").nth(0).getByRole("button", { name: /^Edit/ }).click();
  await page.getByTestId("segment").nth(0).getByRole("textbox").fill("and so, my fellow Americans");
  await page.getByTestId("segment").nth(0).getByRole("textbox").press("Escape");
  await expect(page.getByTestId("save-status")).toHaveText("All changes saved");
  await page.getByRole("tab", { name: "Formatted" }).click();
  await expect(page.getByTestId("formatted")).toContainText("The transcript was edited after this was made. Format it again to include the edits.");
});

test("playback speed from 0.75× to 2×; at 375 px the player stays in view and clear of the text while scrolling", async ({ page, request }) => {
  const creds = await createUser(request);
  const id = await seedJfkTranscript(creds.email);
  await logInViaApi(page, creds);
  await page.setViewportSize({ width: 375, height: 360 });
  await page.goto(`/transcription/${id}`);
  await editorHydrated(page);

  const speed = page.getByRole("combobox", { name: "Playback speed" });
  await expect(speed).toHaveValue("1");
  expect(await speed.locator("option").allTextContents()).toEqual(["0.75×", "1×", "1.25×", "1.5×", "2×"]);
  await speed.focus();
  await speed.selectOption("1.5");
  await expect.poll(() => page.getByTestId("audio").evaluate((a: HTMLAudioElement) => a.playbackRate)).toBe(1.5);
  await speed.selectOption("0.75");
  await expect.poll(() => page.getByTestId("audio").evaluate((a: HTMLAudioElement) => a.playbackRate)).toBe(0.75);

  // Scrolled to the end, the player sits just under the top bar, inside the 375 px width.
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  const header = (await page.locator("header").first().boundingBox())!;
  const player = (await page.getByTestId("player").boundingBox())!;
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
  expect(player.y).toBeGreaterThanOrEqual(header.y + header.height - 1);
  expect(player.y).toBeLessThan(header.y + header.height + 2);
  expect(player.x + player.width).toBeLessThanOrEqual(375);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

  // A segment brought into view (as following the audio does) lands below the player, not under it.
  const second = page.getByTestId("segment").nth(1);
  await second.evaluate((el) => el.scrollIntoView({ block: "start" }));
  const row = (await second.boundingBox())!;
  const bar = (await page.getByTestId("player").boundingBox())!;
  expect(row.y).toBeGreaterThanOrEqual(bar.y + bar.height);
});

test("a free user gets TXT but is refused PDF with the upgrade hint", async ({ page, request }) => {
  await openJfkEditor(page, request);

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

test("speakers: assign per segment, rename once and every segment follows; saved", async ({ page, request }) => {
  const { id } = await openJfkEditor(page, request);
  await editorHydrated(page);

  const first = page.getByRole("combobox", { name: "Speaker of the segment at 00:00" });
  await first.selectOption({ label: "New speaker (Speaker 1)" });
  await expect(first).toHaveValue("Speaker 1");
  const second = page.getByRole("combobox", { name: /^Speaker of the segment at 00:03/ });
  await second.selectOption({ label: "Speaker 1" });
  await expect(page.getByTestId("save-status")).toHaveText("All changes saved");

  await page.getByRole("button", { name: "Speakers" }).click();
  const dialog = page.getByRole("dialog", { name: "Speakers" });
  const name = dialog.getByRole("textbox", { name: "New name for Speaker 1" });
  await name.fill("  ");
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(name).toHaveAccessibleDescription("Give the speaker a name.");
  await name.fill("Interviewer");
  await name.press("Enter");
  await expect(dialog).toBeHidden();
  await expect(first).toHaveValue("Interviewer");
  await expect(second).toHaveValue("Interviewer");
  await expect(page.getByTestId("save-status")).toHaveText("All changes saved");
  const rows = await sql<{ speaker: string }>("select speaker from transcript_segments where transcription_id = $1 order by position", [id]);
  expect(rows.map((r) => r.speaker)).toEqual(["Interviewer", "Interviewer"]);

  // One undo step puts the old name back everywhere.
  await page.getByRole("button", { name: "Undo" }).click();
  await expect(first).toHaveValue("Speaker 1");
  await expect(second).toHaveValue("Speaker 1");
});

test("click into the text and type, like a document: the cursor lands where clicked, and leaving saves", async ({ page, request }) => {
  const { id } = await openJfkEditor(page, request);
  const second = page.getByTestId("segment").nth(1);
  await editorHydrated(page);

  // Click just before "country" (word 4): the text opens for typing with the cursor there.
  // A locator click measures the word when it is stable (the page may still be settling).
  const word = second.locator("[data-word='4']");
  await word.click({ position: { x: 1, y: ((await word.boundingBox())?.height ?? 20) / 2 } });
  const box = second.getByRole("textbox", { name: /^Text of the segment at 00:03/ });
  await expect(box).toBeFocused();
  // The audio moved to the word but does not start playing over the typing.
  await expect.poll(() => audioTime(page)).toBeCloseTo(5.58, 1);
  expect(await page.getByTestId("audio").evaluate((a: HTMLAudioElement) => a.paused)).toBe(true);
  await page.keyboard.type("great ");
  await expect(box).toHaveValue("ask not what your great country can do for you ask what you can do for your country");

  // Leaving the text (a click elsewhere) saves it; no Edit button was needed.
  await page.getByRole("heading", { level: 1 }).click();
  await expect(box).toBeHidden();
  await expect(page.getByTestId("save-status")).toHaveText("All changes saved");
  const [row] = await sql<{ text: string }>("select text from transcript_segments where transcription_id = $1 and position = 1", [id]);
  expect(row.text).toBe("ask not what your great country can do for you ask what you can do for your country");

  // Keyboard: the Edit button still opens the text, with the cursor at the end.
  await page.getByRole("button", { name: "Edit the segment at 00:00" }).focus();
  await page.keyboard.press("Enter");
  const first = page.getByTestId("segment").nth(0).getByRole("textbox");
  await expect(first).toBeFocused();
  await page.keyboard.type("!");
  await page.keyboard.press("Escape");
  await expect(page.getByTestId("save-status")).toHaveText("All changes saved");
  await expect(page.getByTestId("segment").nth(0)).toContainText("and so my fellow americans!");
});

test("split a segment at the cursor and merge it back; word timings and the saved rows follow", async ({ page, request }) => {
  const { id } = await openJfkEditor(page, request);
  const segments = page.getByTestId("segment");
  await editorHydrated(page);

  // Cursor inside "country" (word 4): Alt+Enter splits before it, keyboard only.
  await page.getByRole("button", { name: "Edit the segment at 00:03" }).click();
  const box = segments.nth(1).getByRole("textbox");
  await box.evaluate((el: HTMLTextAreaElement) => el.setSelectionRange(20, 20));
  await box.press("Alt+Enter");
  await expect(segments).toHaveCount(3);
  // Typing goes on at the start of the new segment; Escape leaves it to read its words.
  await expect(segments.nth(2).getByRole("textbox")).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(segments.nth(1)).toContainText("ask not what your");
  await expect(segments.nth(2)).toContainText("country can do for you");
  // The new segment starts when "country" is said (3900 + 4 × 420 ms) and its words stay clickable.
  await expect(segments.nth(2).getByRole("button", { name: /^Play from 00:05/ })).toBeVisible();
  await expect(segments.nth(2).locator("[data-word]")).toHaveCount(13);
  await expect(page.getByTestId("save-status")).toHaveText("All changes saved");
  let rows = await sql<{ text: string; start_ms: number }>("select text, start_ms from transcript_segments where transcription_id = $1 order by position", [id]);
  expect(rows).toEqual([
    { text: "and so my fellow americans", start_ms: 0 },
    { text: "ask not what your", start_ms: 3800 },
    { text: "country can do for you ask what you can do for your country", start_ms: 5580 },
  ]);

  // Merge puts it back together.
  await page.getByRole("button", { name: "Merge the segment at 00:03 with the next" }).click();
  await expect(segments).toHaveCount(2);
  await expect(segments.nth(1)).toContainText("ask not what your country can do for you");
  await expect(page.getByTestId("save-status")).toHaveText("All changes saved");
  rows = await sql("select text, start_ms from transcript_segments where transcription_id = $1 order by position", [id]);
  expect(rows.map((r) => r.text)).toEqual(["and so my fellow americans", "ask not what your country can do for you ask what you can do for your country"]);
  await expect(page.getByRole("button", { name: /^Merge the segment at 00:03/ })).toHaveCount(0);

  // With the mouse: click into the text before "what" (word 2), then "Split here".
  const what = (await segments.nth(1).locator("[data-word='2']").boundingBox())!;
  await page.mouse.click(what.x + 1, what.y + what.height / 2);
  await segments.nth(1).getByRole("button", { name: "Split here" }).click();
  await expect(segments).toHaveCount(3);
  await expect(segments.nth(1)).toContainText("ask not");
  await expect(segments.nth(2)).toContainText("what your country can do for you");
  await expect(page.getByTestId("save-status")).toHaveText("All changes saved");
});
