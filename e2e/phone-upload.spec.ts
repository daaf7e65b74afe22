import { writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { Page } from "@playwright/test";
import { openAdminPanel } from "./support/admin";
import { JFK_WAV } from "./support/audio";
import { createUser, expect, logInViaApi, sql, test } from "./support/fixtures";
import { seedQueuedJfk } from "./support/transcripts";

const NO_SPEECH = "No speech was recognised in this audio.";

/** The dashboard scrolled to the file picker, as a phone user has it before choosing a file. */
async function dashboardAtPicker(page: Page) {
  await logInViaApi(page, await createUser(page.request));
  await page.goto("/dashboard");
  await page.getByRole("button", { name: "Choose files" }).scrollIntoViewIfNeeded();
}

test.describe("on a phone (375 × 667)", () => {
  test.use({ viewport: { width: 375, height: 667 } });

  test("a chosen file's progress shows where the eye is, without scrolling, and is announced", async ({ page }) => {
    await dashboardAtPicker(page);
    // The parts wait until the test has looked: a small file is otherwise sent before anyone could.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/api\/uploads\/|partNumber=/, async (route) => {
      if (["PATCH", "PUT"].includes(route.request().method())) await held;
      await route.continue();
    });

    await page.getByLabel("Choose audio files").setInputFiles(JFK_WAV);
    const progress = page.getByRole("progressbar", { name: "Uploading jfk.wav" });
    await expect(progress).toBeInViewport();
    await expect(page.getByTestId("upload-status")).toBeInViewport();
    await expect(page.getByTestId("upload-announcement")).toHaveText("Uploading jfk.wav.");

    release();
    await expect(page.getByTestId("transcription-row").filter({ hasText: "jfk" })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByTestId("upload")).toHaveCount(0);
  });

  test("a bad file's refusal shows next to the picker, as an alert, without scrolling", async ({ page }) => {
    const notAudio = path.join(os.tmpdir(), "verbatim-e2e-notes.mp3");
    await writeFile(notAudio, "hello world ".repeat(100));
    await dashboardAtPicker(page);

    await page.getByLabel("Choose audio files").setInputFiles(notAudio);
    const refusal = page.getByTestId("upload").getByRole("alert");
    await expect(refusal).toContainText("not audio we can read", { timeout: 30_000 });
    await expect(refusal).toBeInViewport();
  });
});

test("a transcript that finishes while its page is open shows a loading state until its text arrives, never 'no speech'", async ({ page, request }) => {
  // Every moment the page shows the no-speech sentence is caught, however short.
  await page.addInitScript((sentence) => {
    const w = window as Window & { sawNoSpeech?: boolean };
    w.sawNoSpeech = false;
    new MutationObserver(() => {
      if (document.body?.textContent?.includes(sentence)) w.sawNoSpeech = true;
    }).observe(document, { childList: true, subtree: true, characterData: true });
  }, NO_SPEECH);
  const sawNoSpeech = () => page.evaluate(() => (window as Window & { sawNoSpeech?: boolean }).sawNoSpeech);
  const creds = await createUser(request);
  await logInViaApi(page, creds);
  const id = await seedQueuedJfk(creds.email, "Board call");
  await page.goto(`/transcription/${id}`);
  await expect(page.getByText("Waiting for a free transcriber…")).toBeVisible();

  // A busy server: the refreshed page (with the segments) is slow to come.
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(`**/transcription/${id}**`, async (route) => {
    if (route.request().headers()["rsc"] === "1") await held;
    await route.continue();
  });
  await sql("update transcriptions set status = 'done', progress = 100, completed_at = now(), updated_at = now() where id = $1", [id]);
  await expect(page.getByRole("status").filter({ hasText: "Loading the transcript…" })).toBeVisible({ timeout: 15_000 });
  expect(await sawNoSpeech()).toBe(false);

  release();
  await expect(page.locator("main")).toContainText("country");
  await expect(page.getByText("Loading the transcript…")).toHaveCount(0);
  expect(await sawNoSpeech()).toBe(false);

  // Reloaded, the finished transcript comes with its text at once.
  await page.unroute(`**/transcription/${id}**`);
  const reloaded = await page.reload();
  expect(await reloaded?.text()).not.toContain(NO_SPEECH);
  await expect(page.locator("main")).toContainText("country");
  expect(await sawNoSpeech()).toBe(false);
});

test("the admin page's content lines up with the top bar", async ({ page, request }) => {
  await page.setViewportSize({ width: 1600, height: 900 });
  await openAdminPanel(page, request, undefined, 2);
  const bar = await page.getByRole("navigation", { name: "Main" }).boundingBox();
  const heading = await page.getByRole("heading", { name: "Admin panel" }).boundingBox();
  const tabs = await page.getByRole("tablist", { name: "Admin sections" }).boundingBox();
  // The top bar's content starts after its 16 px padding; the admin content at the same x.
  expect(heading!.x).toBeCloseTo(bar!.x + 16, 0);
  expect(tabs!.x).toBeCloseTo(bar!.x + 16, 0);
  expect(tabs!.x + tabs!.width).toBeCloseTo(bar!.x + bar!.width - 16, 0);
});
