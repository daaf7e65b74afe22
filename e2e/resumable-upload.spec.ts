import type { Page, Request } from "@playwright/test";
import { createUser, expect, logInViaApi, test } from "./support/fixtures";
import { largeFile } from "./support/large-files";

/**
 * Issue 24: an upload survives the real world. On a throttled link the connection goes away
 * for several seconds, or the tab is reloaded, and the upload still finishes without the file
 * being chosen again (after a reload: chosen again, and offered to resume), sending at most
 * one part twice. Chromium's own network emulation throttles and cuts the connection.
 */
const FILE_BYTES = 40 * 1024 * 1024;
const THROTTLED = { offline: false, latency: 20, downloadThroughput: 4 * 1024 * 1024, uploadThroughput: 3 * 1024 * 1024 };

async function throttle(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", THROTTLED);
  return cdp;
}

/** The Upload-Offset of every part the page sends (a part sent again repeats its offset). */
function recordParts(page: Page): number[] {
  const offsets: number[] = [];
  page.on("request", (r: Request) => {
    if (r.method() === "PATCH" && r.url().includes("/api/uploads/")) offsets.push(Number(r.headers()["upload-offset"]));
  });
  return offsets;
}

const sentPercent = async (page: Page) => Number((await page.getByTestId("upload").getByRole("progressbar").getAttribute("aria-valuenow").catch(() => "0")) ?? 0);

test("the connection drops for several seconds mid-upload: it finishes by itself, at most one part sent twice", async ({ page }) => {
  test.setTimeout(180_000);
  const { file, size } = await largeFile(FILE_BYTES);
  await logInViaApi(page, await createUser(page.request));
  await page.goto("/dashboard");
  const cdp = await throttle(page);
  const offsets = recordParts(page);

  await page.getByLabel("Choose audio files").setInputFiles(file);
  await expect(page.getByTestId("upload-status")).toContainText(/MB of 41\.9 MB/);
  await expect.poll(() => sentPercent(page), { timeout: 60_000 }).toBeGreaterThanOrEqual(25);
  await cdp.send("Network.emulateNetworkConditions", { ...THROTTLED, offline: true });
  await page.waitForTimeout(6000);
  await cdp.send("Network.emulateNetworkConditions", THROTTLED);

  const row = page.getByTestId("transcription-row").filter({ hasText: "verbatim-e2e-large" });
  await expect(row).toBeVisible({ timeout: 120_000 });
  const id = (await row.getByRole("link").first().getAttribute("href"))!.split("/").pop()!;
  const created = (await (await page.request.get(`/api/transcriptions/${id}`)).json()) as { size_bytes: number };
  expect(created.size_bytes).toBe(size);
  const repeated = offsets.filter((o, i) => offsets.indexOf(o) !== i);
  expect(repeated.length, `part offsets sent: ${offsets.join(", ")}`).toBeLessThanOrEqual(1);
  expect(offsets.length).toBeGreaterThanOrEqual(5);
});

test("after a reload, choosing the same file again offers to resume, and only the rest is sent", async ({ page }) => {
  test.setTimeout(180_000);
  const { file, size } = await largeFile(FILE_BYTES);
  await logInViaApi(page, await createUser(page.request));
  await page.goto("/dashboard");
  await throttle(page);
  await page.getByLabel("Choose audio files").setInputFiles(file);
  await expect.poll(() => sentPercent(page), { timeout: 60_000 }).toBeGreaterThanOrEqual(30);

  await page.reload();
  await throttle(page);
  const offsets = recordParts(page);
  await page.getByLabel("Choose audio files").setInputFiles(file);
  const offer = page.getByTestId("upload");
  await expect(offer).toContainText(/You started uploading this file before: [\d.]+ MB of 41\.9 MB arrived\./);
  await offer.getByRole("button", { name: "Resume upload" }).click();

  const row = page.getByTestId("transcription-row").filter({ hasText: "verbatim-e2e-large" });
  await expect(row).toBeVisible({ timeout: 120_000 });
  expect(offsets[0]).toBeGreaterThanOrEqual(0.25 * size);
  const id = (await row.getByRole("link").first().getAttribute("href"))!.split("/").pop()!;
  expect(((await (await page.request.get(`/api/transcriptions/${id}`)).json()) as { size_bytes: number }).size_bytes).toBe(size);
});

test("cancel while sending removes what the server holds; another user cannot touch an upload", async ({ page, playwright }) => {
  const { file } = await largeFile(FILE_BYTES);
  await logInViaApi(page, await createUser(page.request));
  await page.goto("/dashboard");
  await throttle(page);
  const created = page.waitForResponse((r) => r.request().method() === "POST" && r.url().endsWith("/api/uploads"));
  await page.getByLabel("Choose audio files").setInputFiles(file);
  const location = (await (await created).headerValue("location"))!;
  await expect.poll(() => sentPercent(page), { timeout: 60_000 }).toBeGreaterThanOrEqual(10);

  // Someone else, signed in, knows the address: every method answers 404.
  const other = await playwright.request.newContext({ baseURL: "http://127.0.0.1:3100", extraHTTPHeaders: { "x-forwarded-for": "10.98.7.6" } });
  await logInViaApi({ request: other } as unknown as Page, await createUser(other));
  const tus = { origin: "http://127.0.0.1:3100", "tus-resumable": "1.0.0" };
  expect((await other.head(location, { headers: tus })).status()).toBe(404);
  const append = await other.patch(location, { headers: { ...tus, "content-type": "application/offset+octet-stream", "upload-offset": "0" }, data: Buffer.alloc(10) });
  expect(append.status()).toBe(404);
  expect((await other.delete(location, { headers: tus })).status()).toBe(404);
  await other.dispose();

  await page.getByTestId("upload").getByRole("button", { name: "Cancel" }).click();
  await expect(page.getByTestId("upload")).toHaveCount(0);
  await expect.poll(async () => (await page.request.head(location, { headers: tus })).status()).toBe(404);
  await expect(page.getByTestId("transcription-row")).toHaveCount(0);
});
