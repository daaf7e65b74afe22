import { readFile } from "node:fs/promises";
import type { Browser, Page } from "@playwright/test";
import { createUser, expect, logInViaApi, test } from "./support/fixtures";
import { seedJfkTranscript } from "./support/transcripts";

const GONE = "This link has expired or was revoked.";

/** A browser of its own, without the owner's cookies: someone who only has the link. */
async function stranger(browser: Browser, viewport = { width: 1280, height: 800 }): Promise<Page> {
  const context = await browser.newContext({ viewport });
  return context.newPage();
}

/** The owner's Share dialog: makes a link with these options and returns its address. */
async function makeLink(page: Page, { exports, speakers }: { exports: boolean; speakers: boolean }): Promise<string> {
  await page.getByRole("button", { name: "Share", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Share a read-only link" });
  await dialog.getByLabel("Allow downloads (exports)").setChecked(exports);
  await dialog.getByLabel("Show speaker names").setChecked(speakers);
  const before = await dialog.getByTestId("share-link").count();
  await dialog.getByRole("button", { name: "Create link" }).click();
  await expect(dialog.getByTestId("share-link")).toHaveCount(before + 1);
  return dialog.getByTestId("share-link-url").first().inputValue();
}

test("the owner shares a link; a browser without cookies reads, plays, tapping a word seeks, exports; revoked, it is gone", async ({ page, request, browser }) => {
  const creds = await createUser(request);
  const id = await seedJfkTranscript(creds.email, "Shared JFK");
  await logInViaApi(page, creds);
  await page.goto(`/transcription/${id}`);
  const url = await makeLink(page, { exports: true, speakers: true });
  expect(url).toMatch(/\/shared#[A-Za-z0-9_-]{43}$/);

  const guest = await stranger(browser);
  const response = await guest.goto(url);
  expect(response?.headers()["x-robots-tag"]).toContain("noindex");
  await expect(guest.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
  await expect(guest.getByTestId("shared-title")).toHaveText("Shared JFK");
  await expect(guest.getByTestId("transcript")).toContainText("ask not what your country can do for you");
  // No way into the app from here but home and sign-up.
  await expect(guest.getByRole("link", { name: "Sign up" }).first()).toBeVisible();
  await expect(guest.getByRole("link", { name: /dashboard/i })).toHaveCount(0);

  // Plays, and a tap on a word plays from there: "country" is word 4 of the second segment (5580 ms).
  const audio = guest.getByTestId("audio");
  await guest.getByRole("button", { name: "Play", exact: true }).click();
  await expect.poll(() => audio.evaluate((a: HTMLAudioElement) => a.currentTime)).toBeGreaterThan(0.2);
  await expect(guest.getByTestId("segment").nth(0)).toHaveAttribute("data-active", "true");
  await guest.getByTestId("segment").nth(1).locator("[data-word='4']").click();
  await expect.poll(() => audio.evaluate((a: HTMLAudioElement) => a.currentTime)).toBeGreaterThanOrEqual(5.5);
  await expect(guest.locator("[data-word][data-current]")).toHaveCount(1);

  // A Free owner's link offers TXT, SRT and VTT.
  await expect(guest.getByRole("button", { name: "Download as PDF" })).toHaveCount(0);
  const download = guest.waitForEvent("download");
  await guest.getByRole("button", { name: "Download as TXT" }).click();
  const file = await download;
  expect(await readFile((await file.path())!, "utf8")).toContain("ask not what your country can do for you");

  // The owner revokes it: the stranger's next visit finds it gone.
  const dialog = page.getByRole("dialog", { name: "Share a read-only link" });
  await dialog.getByRole("button", { name: "Revoke" }).first().click();
  await expect(dialog.getByTestId("share-link")).toHaveCount(0);
  await guest.reload();
  await expect(guest.getByTestId("shared-failed")).toContainText(GONE);
  await expect(guest.getByTestId("transcript")).toHaveCount(0);
  await guest.context().close();
});

test("a link without exports or speakers shows neither, on a 375 px phone; a made-up token is the expired sentence", async ({ page, request, browser }) => {
  const creds = await createUser(request);
  const id = await seedJfkTranscript(creds.email, "Quiet JFK");
  await logInViaApi(page, creds);
  await page.goto(`/transcription/${id}`);
  const url = await makeLink(page, { exports: false, speakers: false });

  const phone = await stranger(browser, { width: 375, height: 740 });
  await phone.goto(url);
  await expect(phone.getByTestId("shared-title")).toHaveText("Quiet JFK");
  await expect(phone.getByRole("group", { name: "Download" })).toHaveCount(0);
  await expect(phone.getByTestId("shared-speakers")).toHaveCount(0);
  // Nothing wider than the phone: no sideways scrolling.
  expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  // The API refuses the export as well.
  const token = url.split("#")[1];
  const refused = await phone.request.get(`${new URL(url).origin}/api/shared/${token}/export?format=txt`);
  expect(refused.status()).toBe(403);
  expect(refused.headers()["cache-control"]).toBe("private, no-store");

  await phone.goto(`${new URL(url).origin}/shared#${"A".repeat(43)}`);
  await expect(phone.getByTestId("shared-failed")).toContainText(GONE);
  await phone.goto(`${new URL(url).origin}/shared`);
  await expect(phone.getByTestId("shared-failed")).toContainText("This link is incomplete.");
  await phone.context().close();
});
