import type { APIRequestContext, Page, Request } from "@playwright/test";
import { createUser, expect, logInViaApi, sql, test } from "./support/fixtures";
import { jfkWav } from "./support/audio";
import { embeddedUser } from "./support/embedded-user";
import { largeFile } from "./support/large-files";
import { APP_URL, EMBEDDED_URL } from "./support/stack-config";

/**
 * Issue 24: an upload survives the real world, by both routes a browser uploads: through the
 * web host in tus parts (`npm start`, the embedded default) and straight to the bucket in S3
 * multipart parts (the multi-host stack, S3_DIRECT_UPLOADS). On a throttled link the
 * connection goes away for several seconds, or the tab is reloaded, and the upload still
 * finishes — by itself, or after a reload with the same file chosen again and "Resume
 * upload" — sending at most one part twice. Chromium's own network emulation throttles and
 * cuts the connection.
 */
const FILE_BYTES = 40 * 1024 * 1024;
const THROTTLED = { offline: false, latency: 20, downloadThroughput: 4 * 1024 * 1024, uploadThroughput: 3 * 1024 * 1024 };

interface Route {
  name: string;
  baseUrl: string;
  signIn: (page: Page) => Promise<void>;
  /** which part a request sends, or null when it sends none */
  partOf: (request: Request) => string | null;
}

const routes: Route[] = [
  {
    name: "through the web host (tus, npm start)",
    baseUrl: EMBEDDED_URL,
    signIn: async (page) => void (await embeddedUser(page)),
    partOf: (r) => (r.method() === "PATCH" && r.url().includes("/api/uploads/") ? `offset ${r.headers()["upload-offset"]}` : null),
  },
  {
    name: "straight to the bucket (S3 multipart, multi-host stack)",
    baseUrl: APP_URL,
    signIn: async (page) => logInViaApi(page, await createUser(page.request)),
    partOf: (r) => (r.method() === "PUT" && r.url().includes("partNumber=") ? `part ${new URL(r.url()).searchParams.get("partNumber")}` : null),
  },
];

async function throttle(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", THROTTLED);
  return cdp;
}

interface PartLog {
  /** parts whose request was answered (it arrived whole) */
  arrived: string[];
  /** parts whose request failed: cut off by the drop, or refused at once while offline */
  failed: string[];
  stop: () => void;
}

/** The parts the page sends from now on, until stopped. */
function recordParts(page: Page, route: Route): PartLog {
  const log: PartLog = { arrived: [], failed: [], stop: () => undefined };
  const finished = (r: Request) => {
    const part = route.partOf(r);
    if (part) log.arrived.push(part);
  };
  const failed = (r: Request) => {
    const part = route.partOf(r);
    if (part) log.failed.push(part);
  };
  page.on("requestfinished", finished);
  page.on("requestfailed", failed);
  log.stop = () => {
    page.off("requestfinished", finished);
    page.off("requestfailed", failed);
  };
  return log;
}

const sentPercent = async (page: Page) => Number((await page.getByTestId("upload").getByRole("progressbar").getAttribute("aria-valuenow").catch(() => "0")) ?? 0);

/**
 * The size of the transcription the upload became; it is then removed, since the embedded
 * app's tests share one user (see embeddedUser) and the next test looks for its own row.
 */
async function createdSize(request: APIRequestContext, baseUrl: string, page: Page): Promise<number> {
  const row = page.getByTestId("transcription-row").filter({ hasText: "verbatim-e2e-large" });
  const id = (await row.getByRole("link").first().getAttribute("href"))!.split("/").pop()!;
  const size = ((await (await request.get(`${baseUrl}/api/transcriptions/${id}`)).json()) as { size_bytes: number }).size_bytes;
  await request.post(`${baseUrl}/api/transcriptions/${id}/cancel`, { headers: { origin: baseUrl } });
  expect((await request.delete(`${baseUrl}/api/transcriptions/${id}?permanent=1`, { headers: { origin: baseUrl } })).status()).toBe(200);
  return size;
}

for (const route of routes) {
  test.describe(route.name, () => {
    test("the connection drops for several seconds mid-upload: it finishes by itself, at most one part sent twice", async ({ page }) => {
      test.setTimeout(180_000);
      const { file, size } = await largeFile(FILE_BYTES);
      await route.signIn(page);
      await page.goto(`${route.baseUrl}/dashboard`);
      const cdp = await throttle(page);
      const parts = recordParts(page, route);

      await page.getByLabel("Choose audio files").setInputFiles(file);
      await expect(page.getByTestId("upload-status")).toContainText(/MB of 41\.9 MB/);
      await expect.poll(() => sentPercent(page), { timeout: 60_000 }).toBeGreaterThanOrEqual(25);
      await cdp.send("Network.emulateNetworkConditions", { ...THROTTLED, offline: true });
      expect(await sentPercent(page)).toBeLessThan(100);
      await page.waitForTimeout(6000);
      await cdp.send("Network.emulateNetworkConditions", THROTTLED);

      const row = page.getByTestId("transcription-row").filter({ hasText: "verbatim-e2e-large" });
      await expect(row.or(page.getByTestId("upload").getByRole("alert"))).toBeVisible({ timeout: 120_000 });
      await expect(row).toBeVisible();
      expect(await createdSize(page.request, route.baseUrl, page)).toBe(size);
      parts.stop();
      const report = `arrived: ${parts.arrived.join(", ")}; failed: ${parts.failed.join(", ")}`;
      // Every part arrived once; the drop cut off at most the one part in flight (tries while
      // offline carry no bytes), and only that one went again.
      expect(new Set(parts.arrived).size, report).toBe(parts.arrived.length);
      expect(new Set(parts.failed).size, report).toBeLessThanOrEqual(1);
      expect(parts.arrived.length, report).toBeGreaterThanOrEqual(5);
    });

    test("after a reload, choosing the same file again offers to resume, and only the rest is sent", async ({ page }) => {
      test.setTimeout(180_000);
      const { file, size } = await largeFile(FILE_BYTES);
      await route.signIn(page);
      await page.goto(`${route.baseUrl}/dashboard`);
      await throttle(page);
      const before = recordParts(page, route);
      await page.getByLabel("Choose audio files").setInputFiles(file);
      await expect.poll(() => sentPercent(page), { timeout: 60_000 }).toBeGreaterThanOrEqual(40);

      before.stop();
      await page.reload();
      await throttle(page);
      const after = recordParts(page, route);
      await page.getByLabel("Choose audio files").setInputFiles(file);
      const offer = page.getByTestId("upload");
      await expect(offer).toContainText(/You started uploading this file before: [\d.]+ MB of 41\.9 MB arrived\./);
      await offer.getByRole("button", { name: "Resume upload" }).click();

      const row = page.getByTestId("transcription-row").filter({ hasText: "verbatim-e2e-large" });
      await expect(row.or(offer.getByRole("alert"))).toBeVisible({ timeout: 120_000 });
      await expect(row).toBeVisible();
      expect(await createdSize(page.request, route.baseUrl, page)).toBe(size);
      // What arrived before the reload is not sent again.
      after.stop();
      const report = `before: ${before.arrived.join(", ")}; after: ${after.arrived.join(", ")}`;
      expect(after.arrived.filter((p) => before.arrived.includes(p)), report).toEqual([]);
      expect(after.arrived.length, report).toBeGreaterThan(0);
      expect(before.arrived.length, report).toBeGreaterThan(0);
    });

    test("cancel while sending removes what was stored: nothing to resume, nothing in the list", async ({ page }) => {
      const { file } = await largeFile(FILE_BYTES);
      await route.signIn(page);
      await page.goto(`${route.baseUrl}/dashboard`);
      await throttle(page);
      await page.getByLabel("Choose audio files").setInputFiles(file);
      await expect.poll(() => sentPercent(page), { timeout: 60_000 }).toBeGreaterThanOrEqual(10);
      await page.getByTestId("upload").getByRole("button", { name: "Cancel" }).click();
      await expect(page.getByTestId("upload")).toHaveCount(0);

      // Chosen again: nothing is offered to resume (the server dropped it), it simply starts.
      await page.reload();
      await page.getByLabel("Choose audio files").setInputFiles(file);
      await expect(page.getByTestId("upload-status")).toBeVisible();
      await expect(page.getByTestId("upload")).not.toContainText("You started uploading this file before");
      await page.getByTestId("upload").getByRole("button", { name: "Cancel" }).click();
      await expect(page.getByTestId("transcription-row")).toHaveCount(0);
    });
  });
}

test("another user cannot read, append to, finish or cancel someone's upload, by either route", async ({ page, playwright }) => {
  await logInViaApi(page, await createUser(page.request));
  const origin = { origin: APP_URL };
  const started = await page.request.post("/api/direct-uploads", { headers: origin, data: { filename: "mine.wav", size: 9_000_000 } });
  expect(started.status(), await started.text()).toBe(201);
  const direct = (await started.json()) as { id: string; part_count: number };
  const tus = { ...origin, "tus-resumable": "1.0.0" };
  const created = await page.request.post("/api/uploads", { headers: { ...tus, "upload-length": "1000", "upload-metadata": `filename ${Buffer.from("mine.wav").toString("base64")}` } });
  expect(created.status()).toBe(201);
  const location = created.headers()["location"];

  const other = await playwright.request.newContext({ baseURL: APP_URL, extraHTTPHeaders: { "x-forwarded-for": "10.98.7.6" } });
  await logInViaApi({ request: other } as unknown as Page, await createUser(other));
  const answers = [
    await other.get(`/api/direct-uploads/${direct.id}`),
    await other.post(`/api/direct-uploads/${direct.id}/parts`, { headers: origin, data: { numbers: [1] } }),
    await other.put(`/api/direct-uploads/${direct.id}/parts/1`, { headers: origin, data: { etag: '"0123456789abcdef0123456789abcdef"' } }),
    await other.post(`/api/direct-uploads/${direct.id}/complete`, { headers: origin }),
    await other.delete(`/api/direct-uploads/${direct.id}`, { headers: origin }),
    await other.head(location, { headers: tus }),
    await other.patch(location, { headers: { ...tus, "content-type": "application/offset+octet-stream", "upload-offset": "0" }, data: Buffer.alloc(10) }),
    await other.delete(location, { headers: tus }),
  ];
  expect(answers.map((a) => a.status())).toEqual([404, 404, 404, 404, 404, 404, 404, 404]);
  await other.dispose();

  // Still the owner's, untouched: nothing arrived, nothing appended.
  expect(((await (await page.request.get(`/api/direct-uploads/${direct.id}`)).json()) as { parts: unknown[] }).parts).toEqual([]);
  expect((await page.request.head(location, { headers: tus })).headers()["upload-offset"]).toBe("0");
  // Finishing before every part arrived is refused, and says what is missing.
  const early = await page.request.post(`/api/direct-uploads/${direct.id}/complete`, { headers: origin });
  expect(early.status()).toBe(409);
  expect((await early.json()).detail).toBe(`${direct.part_count} of ${direct.part_count} parts of this file have not arrived yet. Send them, then finish the upload.`);
});

test("the resumable protocol holds against hostile requests: another upload named in the query, a lost last answer, too many open uploads, no time left", async ({ page, playwright }) => {
  const origin = { origin: APP_URL };
  const tus = { ...origin, "tus-resumable": "1.0.0" };
  const meta = (name: string) => `filename ${Buffer.from(name).toString("base64")}`;
  const jfk = jfkWav();

  // A's upload, half sent.
  await logInViaApi(page, await createUser(page.request));
  const a = (await page.request.post("/api/uploads", { headers: { ...tus, "upload-length": String(jfk.length), "upload-metadata": meta("a.wav") } })).headers()["location"];
  const half = Math.floor(jfk.length / 2);
  const sentHalf = await page.request.patch(a, { headers: { ...tus, "content-type": "application/offset+octet-stream", "upload-offset": "0" }, data: jfk.subarray(0, half) });
  expect(sentHalf.status()).toBe(204);

  // B names A's upload after the path of their own: every method still acts on B's own (or nothing).
  const other = await playwright.request.newContext({ baseURL: APP_URL, extraHTTPHeaders: { "x-forwarded-for": "10.98.7.7" } });
  await logInViaApi({ request: other } as unknown as Page, await createUser(other));
  const b = (await other.post("/api/uploads", { headers: { ...tus, "upload-length": "100", "upload-metadata": meta("b.wav") } })).headers()["location"];
  const disguised = `${b}?x=/${a.split("/").pop()}`;
  const head = await other.head(disguised, { headers: tus });
  expect(head.headers()["upload-length"]).toBe("100");
  const finish = await other.patch(disguised, { headers: { ...tus, "content-type": "application/offset+octet-stream", "upload-offset": String(half) }, data: jfk.subarray(half) });
  expect(finish.status()).not.toBe(200);
  await other.delete(disguised, { headers: tus });
  expect((await page.request.head(a, { headers: tus })).headers()["upload-offset"]).toBe(String(half));
  expect((await (await other.get("/api/transcriptions")).json()).transcriptions).toEqual([]);
  await other.dispose();

  // A finishes; the answer to the last part is "lost": asked again, the upload says it is complete, and nothing is sent twice.
  const done = await page.request.patch(a, { headers: { ...tus, "content-type": "application/offset+octet-stream", "upload-offset": String(half) }, data: jfk.subarray(half) });
  expect(done.status()).toBe(200);
  const created = (await done.json()) as { id: string; size_bytes: number };
  expect(created.size_bytes).toBe(jfk.length);
  const again = await page.request.head(a, { headers: tus });
  expect(again.status()).toBe(200);
  expect(again.headers()["upload-offset"]).toBe(String(jfk.length));
  expect(again.headers()["upload-length"]).toBe(String(jfk.length));

  // At most 5 unfinished uploads at once.
  for (let i = 0; i < 5; i++) {
    expect((await page.request.post("/api/uploads", { headers: { ...tus, "upload-length": "1000", "upload-metadata": meta(`open-${i}.wav`) } })).status()).toBe(201);
  }
  const sixth = await page.request.post("/api/uploads", { headers: { ...tus, "upload-length": "1000", "upload-metadata": meta("sixth.wav") } });
  expect(sixth.status()).toBe(409);
  expect((await sixth.json()).detail).toBe("You have 5 uploads in progress. Let one finish, or cancel one, then try again.");

  // A user with no time left is refused before a byte is stored, by every route.
  const broke = await createUser(page.request);
  await page.context().clearCookies();
  await logInViaApi(page, broke);
  const [{ id }] = await sql<{ id: string }>("select id from users where email = $1", [broke.email.toLowerCase()]);
  await sql("insert into usage (user_id, period_start, seconds_used) values ($1, date_trunc('month', now()), 10800)", [id]);
  const noTime = "Your Free plan has no time left this period. Upgrade your plan to transcribe more.";
  const viaTus = await page.request.post("/api/uploads", { headers: { ...tus, "upload-length": "1000", "upload-metadata": meta("late.wav") } });
  expect([viaTus.status(), (await viaTus.json()).detail]).toEqual([403, noTime]);
  const viaBucket = await page.request.post("/api/direct-uploads", { headers: origin, data: { filename: "late.wav", size: 1000 } });
  expect([viaBucket.status(), (await viaBucket.json()).detail]).toEqual([403, noTime]);
});
