import path from "node:path";
import type { APIRequestContext, Page } from "@playwright/test";
import { CHROMIUM_PATH, chromiumArgs } from "./support/chromium";
import { createUser, expect, logInViaApi, sql, test } from "./support/fixtures";

/** Issue 28: the live text word by word, as the recording panel shows it. */

// The fake microphone plays real speech (President Kennedy, 11 s, then 3 s of quiet), over and over.
const SPEECH = path.resolve(__dirname, "../test/fixtures/audio/jfk-then-pause.wav");
test.use({ launchOptions: { executablePath: CHROMIUM_PATH, args: [...chromiumArgs, `--use-file-for-fake-audio-capture=${SPEECH}`] } });

/** Tentative words count as early when shown at least this long before their sentence is final. */
const EARLY_MS = 300;
const MAKING = "Making the full-quality transcript…";
/** The recorded-time label at a minute or more ("01:00", "12:34", "1:00:00"). */
const A_MINUTE_OR_MORE = /\b(0[1-9]|[1-9]\d):\d\d\b/;

/** What the live box showed, in order, as the page saw it. */
interface Shown {
  kind: "pending" | "final";
  at: number;
  text: string;
}

async function openDashboard(page: Page, request: APIRequestContext) {
  const creds = await createUser(request);
  await logInViaApi(page, creds);
  await page.goto("/dashboard");
  return creds;
}

async function record(page: Page) {
  await page.getByRole("button", { name: "Record microphone" }).click();
  await expect(page.getByTestId("recording")).toBeVisible();
}

async function startRecording(page: Page, request: APIRequestContext) {
  const creds = await openDashboard(page, request);
  await record(page);
  return creds;
}

/** Ends a test's recording without a full-quality pass (that would keep the worker from the next test). */
async function discard(page: Page) {
  await page.getByTestId("recording").getByRole("button", { name: "Discard" }).click();
  await page.getByRole("dialog", { name: "Discard this recording?" }).getByRole("button", { name: "Discard" }).click();
  await expect(page.getByText("The recording was discarded.")).toBeVisible();
}

/** Distance from the live box's scroll position to its bottom, in pixels. */
const gapToBottom = (el: Element) => el.scrollHeight - el.scrollTop - el.clientHeight;

test("the first words of a sentence appear before the sentence ends", async ({ page, request }) => {
  test.setTimeout(120_000);
  await openDashboard(page, request);
  // Watches the page from before the recording starts: each new tentative text and each final sentence, with its time.
  await page.evaluate(() => {
    const shown: Shown[] = [];
    (window as unknown as { shown: Shown[] }).shown = shown;
    let finals = 0;
    let pending = "";
    new MutationObserver(() => {
      const items = document.querySelectorAll('[data-testid="live-utterance"]');
      for (; finals < items.length; finals++) shown.push({ kind: "final", at: performance.now(), text: items[finals].textContent ?? "" });
      // Only a change counts: the previous sentence's words still on screen as it becomes final are not the next one's.
      const now = document.querySelector('[data-testid="live-pending"]')?.textContent?.trim() ?? "";
      if (now && now !== pending) shown.push({ kind: "pending", at: performance.now(), text: now });
      pending = now;
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
  });
  await record(page);

  // A final sentence announced by its own tentative words: some were shown since the previous
  // final one, sharing a word with it (the engine refines them, it does not make them up), and
  // well before it (a tentative text comes every quarter second while the speaker talks).
  const announced = async () => {
    const shown = await page.evaluate(() => (window as unknown as { shown: Shown[] }).shown);
    const words = (text: string) => new Set(text.toLowerCase().match(/[a-z']{3,}/g) ?? []);
    let since: Shown[] = [];
    const finals: string[] = [];
    for (const s of shown) {
      if (s.kind === "pending") {
        since.push(s);
        continue;
      }
      const final = words(s.text);
      const early = since.find((p) => [...words(p.text)].some((w) => final.has(w)));
      if (early && s.at - early.at >= EARLY_MS) finals.push(s.text);
      since = [];
    }
    return finals;
  };
  await expect
    .poll(async () => (await announced()).length, { timeout: 60_000, intervals: [1000], message: `final sentences whose words showed ${EARLY_MS} ms or more before them` })
    .toBeGreaterThanOrEqual(2);
  await discard(page);
});

test("after stop: one line while the full-quality transcript is made, then the live text gives way to it", async ({ page, request }) => {
  test.setTimeout(150_000);
  const creds = await startRecording(page, request);
  const live = page.getByTestId("live-transcript");
  await expect(live.getByTestId("live-utterance").first()).toBeVisible({ timeout: 30_000 });
  // Watches the line after stop from before it can appear: the pass may be quick.
  await page.evaluate((making) => {
    const seen = { lines: [] as string[], withoutLiveText: false };
    (window as unknown as { afterStop: typeof seen }).afterStop = seen;
    new MutationObserver(() => {
      const line = [...document.querySelectorAll('[role="status"]')].find((el) => el.textContent?.includes(making))?.textContent;
      if (!line) return;
      if (!seen.lines.includes(line)) seen.lines.push(line);
      if (!document.querySelector('[data-testid="live-utterance"]')) seen.withoutLiveText = true;
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
  }, MAKING);
  await page.getByTestId("recording").getByRole("button", { name: "Stop and transcribe" }).click();

  // Then both go: the list below has the finished transcription.
  await expect(live).toHaveCount(0, { timeout: 90_000 });
  await expect(page.getByText(/^Saved as/)).toHaveCount(0);
  const seen = await page.evaluate(() => (window as unknown as { afterStop: { lines: string[]; withoutLiveText: boolean } }).afterStop);
  // One line, said once, and the live text stayed beside it while the full-quality transcript was made.
  expect(seen.lines).toHaveLength(1);
  expect(seen.lines[0]).toMatch(new RegExp(`^Saved as .+\\. ${MAKING}$`));
  expect(seen.withoutLiveText).toBe(false);
  await expect(page.getByTestId("transcription-row").first().getByTestId("status")).toHaveText("Done", { timeout: 30_000 });
  const [row] = await sql<{ status: string }>(
    "select t.status from transcriptions t join users u on u.id = t.user_id where u.email = $1 order by t.created_at desc limit 1",
    [creds.email],
  );
  expect(row.status).toBe("done");
});

test.describe("on a phone (375 px)", () => {
  test.use({ viewport: { width: 375, height: 740 } });

  // One recording for both: a minute of live speech is the expensive part.
  test("the newest line stays in view at 60 s; scrolled up → Jump to live → back at the newest words", async ({ page, request }) => {
    test.setTimeout(180_000);
    await startRecording(page, request);
    await expect(page.getByLabel("Recorded time")).toHaveText(A_MINUTE_OR_MORE, { timeout: 90_000 });
    const live = page.getByTestId("live-transcript");
    // Read at one moment: words keep coming.
    const view = await live.evaluate((el) => {
      const items = el.querySelectorAll('[data-testid="live-utterance"], [data-testid="live-pending"]');
      const box = el.getBoundingClientRect();
      const newest = items[items.length - 1]?.getBoundingClientRect();
      return {
        overflow: el.scrollHeight - el.clientHeight,
        gap: el.scrollHeight - el.scrollTop - el.clientHeight,
        width: box.width,
        newestTop: newest ? newest.top - box.top : -1,
        newestBottom: newest ? box.bottom - newest.bottom : -1,
        pageWidth: document.documentElement.scrollWidth,
      };
    });
    // A minute of speech fills the box: what keeps the newest line in view is the box following it.
    expect(view.overflow).toBeGreaterThan(50);
    expect(view.gap).toBeLessThanOrEqual(2);
    expect(view.newestTop).toBeGreaterThanOrEqual(0);
    expect(view.newestBottom).toBeGreaterThanOrEqual(-1);
    // Readable on the phone: nearly the screen's width, and nothing sticks out sideways.
    expect(view.width).toBeGreaterThanOrEqual(300);
    expect(view.pageWidth).toBeLessThanOrEqual(375);
    const jump = page.getByRole("button", { name: "Jump to live" });
    await expect(jump).toHaveCount(0);

    // The reader scrolls up to read what was said: new words do not pull them down.
    await live.evaluate((el) => {
      el.scrollTop = 0;
      el.dispatchEvent(new Event("scroll"));
    });
    const finals = live.getByTestId("live-utterance");
    const before = await finals.count();
    await expect.poll(() => finals.count(), { timeout: 30_000 }).toBeGreaterThan(before);
    expect(await live.evaluate((el) => el.scrollTop)).toBeLessThanOrEqual(2);
    await expect(jump).toBeVisible();

    await jump.click();
    await expect.poll(() => live.evaluate(gapToBottom), { timeout: 10_000 }).toBeLessThanOrEqual(2);
    await expect(jump).toBeHidden();
    // Following again: the next words keep it at the bottom.
    const now = await finals.count();
    await expect.poll(() => finals.count(), { timeout: 30_000 }).toBeGreaterThan(now);
    expect(await live.evaluate(gapToBottom)).toBeLessThanOrEqual(2);
    await discard(page);
  });
});
