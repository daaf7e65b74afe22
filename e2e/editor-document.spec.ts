import type { APIRequestContext, Page } from "@playwright/test";
import { createUser, expect, logInViaApi, sql, test } from "./support/fixtures";
import { editorHydrated, seedJfkTranscript } from "./support/transcripts";

const audioTime = (page: Page) => page.getByTestId("audio").evaluate((a: HTMLAudioElement) => a.currentTime);
const caretOf = (page: Page) => page.evaluate(() => (document.activeElement as HTMLTextAreaElement).selectionStart);
const focusedText = (page: Page) => page.evaluate(() => (document.activeElement as HTMLTextAreaElement).value);
const rows = (id: string) => sql<{ text: string }>("select text from transcript_segments where transcription_id = $1 order by position", [id]).then((r) => r.map((x) => x.text));

const FIRST = "and so my fellow americans";
const SECOND = "ask not what your country can do for you ask what you can do for your country";

async function openJfk(page: Page, request: APIRequestContext, query = "") {
  const creds = await createUser(request);
  const id = await seedJfkTranscript(creds.email);
  await logInViaApi(page, creds);
  await page.goto(`/transcription/${id}${query}`);
  await editorHydrated(page);
  return { creds, id };
}

test("the transcript types as one document: arrows cross segments, Enter splits, Backspace and Delete join, Ctrl+Z undoes splits and merges", async ({ page, request }) => {
  const { id } = await openJfk(page, request);
  const segments = page.getByTestId("segment");

  // The arrows leave a segment at its edges, into the next or previous one.
  await page.getByRole("button", { name: "Edit the segment at 00:00" }).click();
  await expect(segments.nth(0).getByRole("textbox")).toBeFocused();
  await page.keyboard.press("ArrowRight");
  await expect(segments.nth(1).getByRole("textbox")).toBeFocused();
  expect(await caretOf(page)).toBe(0);
  await page.keyboard.press("ArrowLeft");
  await expect(segments.nth(0).getByRole("textbox")).toBeFocused();
  expect(await caretOf(page)).toBe(FIRST.length);
  await page.keyboard.press("ArrowDown");
  await expect(segments.nth(1).getByRole("textbox")).toBeFocused();
  await page.keyboard.press("ArrowUp");
  await page.keyboard.press("ArrowUp");
  await expect(segments.nth(0).getByRole("textbox")).toBeFocused();
  await page.keyboard.press("Control+End");
  await expect(segments.nth(1).getByRole("textbox")).toBeFocused();
  expect(await caretOf(page)).toBe(SECOND.length);

  // Enter splits at the cursor (before "country"), and typing goes on at the start of the new segment.
  await segments.nth(1).getByRole("textbox").evaluate((el: HTMLTextAreaElement) => el.setSelectionRange(18, 18));
  await page.keyboard.press("Enter");
  await expect(segments).toHaveCount(3);
  await expect(segments.nth(2).getByRole("textbox")).toBeFocused();
  expect(await focusedText(page)).toBe("country can do for you ask what you can do for your country");
  expect(await caretOf(page)).toBe(0);
  await expect(page.getByTestId("save-status")).toHaveText("All changes saved");
  expect(await rows(id)).toEqual([FIRST, "ask not what your", "country can do for you ask what you can do for your country"]);
  // the new segment starts when "country" is said: word timings are kept
  await expect(segments.nth(2).getByRole("button", { name: /^Play from 00:05/ })).toBeVisible();

  // Ctrl+Z, while still typing, undoes the split; Ctrl+Shift+Z redoes it.
  await page.keyboard.press("Control+z");
  await expect(segments).toHaveCount(2);
  await expect(page.getByTestId("save-status")).toHaveText("All changes saved");
  expect(await rows(id)).toEqual([FIRST, SECOND]);
  await page.keyboard.press("Control+Shift+z");
  await expect(segments).toHaveCount(3);
  await expect(page.getByTestId("save-status")).toHaveText("All changes saved");

  // Backspace at the start of a segment joins it to the one before; the cursor stays where the text went.
  await page.getByRole("button", { name: "Edit the segment at 00:05" }).click();
  await segments.nth(2).getByRole("textbox").evaluate((el: HTMLTextAreaElement) => el.setSelectionRange(0, 0));
  await page.keyboard.press("Backspace");
  await expect(segments).toHaveCount(2);
  await expect(segments.nth(1).getByRole("textbox")).toBeFocused();
  expect(await caretOf(page)).toBe("ask not what your ".length);
  await page.keyboard.type("great ");
  await page.keyboard.press("Escape");
  await expect(page.getByTestId("save-status")).toHaveText("All changes saved");
  expect(await rows(id)).toEqual([FIRST, "ask not what your great country can do for you ask what you can do for your country"]);

  // One history: the typing, then the merge, are undone in turn.
  await page.getByRole("button", { name: "Undo" }).click();
  await expect(segments.nth(1)).toContainText(SECOND);
  await page.getByRole("button", { name: "Undo" }).click();
  await expect(segments).toHaveCount(3);
  await expect(page.getByTestId("save-status")).toHaveText("All changes saved");
  expect(await rows(id)).toEqual([FIRST, "ask not what your", "country can do for you ask what you can do for your country"]);

  // Delete at the end of a segment joins the next into it.
  await page.getByRole("button", { name: "Edit the segment at 00:00" }).click();
  await page.keyboard.press("End");
  await page.keyboard.press("Delete");
  await expect(segments).toHaveCount(2);
  await expect(segments.nth(0).getByRole("textbox")).toBeFocused();
  expect(await caretOf(page)).toBe(FIRST.length);
  await page.keyboard.press("Escape");
  await expect(page.getByTestId("save-status")).toHaveText("All changes saved");
  expect(await rows(id)).toEqual([`${FIRST} ask not what your`, "country can do for you ask what you can do for your country"]);
  await page.keyboard.press("Control+z");
  await expect(segments).toHaveCount(3);
  await expect(page.getByTestId("save-status")).toHaveText("All changes saved");
  expect(await rows(id)).toEqual([FIRST, "ask not what your", "country can do for you ask what you can do for your country"]);
});

test("at 375 px the transcript reads full width: a tap plays from the word, editing is asked for", async ({ page, request }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await openJfk(page, request);
  const second = page.getByTestId("segment").nth(1);
  const text = (await second.getByTestId("segment-text").boundingBox())!;
  expect(text.width).toBeGreaterThanOrEqual(300);

  // A tap on "country" (word 4, said at 5.58 s) plays from there; no keyboard rises.
  await second.locator("[data-word='4']").click();
  await expect.poll(() => audioTime(page)).toBeGreaterThanOrEqual(5.5);
  await expect.poll(() => page.getByTestId("audio").evaluate((a: HTMLAudioElement) => a.paused)).toBe(false);
  await expect(page.getByRole("textbox", { name: /Text of the segment/ })).toHaveCount(0);
  await page.getByTestId("audio").evaluate((a: HTMLAudioElement) => a.pause());

  // Editing is an explicit choice, and back.
  await page.getByRole("button", { name: "Edit text" }).click();
  await second.locator("[data-word='4']").click();
  await expect(second.getByRole("textbox")).toBeFocused();
  await page.keyboard.press("Escape");
  await page.getByRole("button", { name: "Done editing" }).click();
  await second.locator("[data-word='2']").click();
  await expect(page.getByRole("textbox", { name: /Text of the segment/ })).toHaveCount(0);

  // The seek bar is a 44 px touch target of its own row, not squeezed beside the speed menu.
  const seek = (await page.getByRole("slider", { name: /Seek|Position/i }).boundingBox())!;
  expect(seek.height).toBeGreaterThanOrEqual(44);
  expect(seek.width).toBeGreaterThanOrEqual(300);
});

test("a search hit opens the transcript at its match: highlighted, in view, the player at its time; next and previous", async ({ page, request }) => {
  const creds = await createUser(request);
  await seedJfkTranscript(creds.email, "Inaugural address");
  await logInViaApi(page, creds);
  await page.goto("/dashboard");
  await page.getByRole("searchbox", { name: "Search transcriptions" }).fill("country");
  await expect(page.getByTestId("search-snippet")).toContainText("country");
  await page.getByRole("link", { name: "Inaugural address" }).click();

  await expect(page).toHaveURL(/\?find=country$/);
  const search = page.getByRole("search");
  await expect(search).toContainText("1 of 2");
  const current = page.locator("mark[data-current]");
  await expect(current).toHaveText("country");
  await expect(current).toBeInViewport();
  // "country" is word 4 of the second segment: said at 3900 + 4 × 420 ms
  await expect.poll(() => audioTime(page)).toBeCloseTo(5.58, 1);

  await page.getByRole("button", { name: "Next match" }).click();
  await expect(search).toContainText("2 of 2");
  await expect.poll(() => audioTime(page)).toBeCloseTo(10.62, 1);
  await page.getByRole("button", { name: "Previous match" }).click();
  await expect(search).toContainText("1 of 2");
  await expect.poll(() => audioTime(page)).toBeCloseTo(5.58, 1);
});
