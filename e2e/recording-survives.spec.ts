import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { chromium, type APIRequestContext, type BrowserContext, type Page } from "@playwright/test";
import { CHROMIUM_PATH, chromiumArgs } from "./support/chromium";
import { APP_URL } from "./support/stack-config";
import { recordingOf, SPEECH } from "./support/recordings";
import { createUser, expect, logInViaApi, sql, test, type Credentials } from "./support/fixtures";

const ARGS = [...chromiumArgs, `--use-file-for-fake-audio-capture=${SPEECH}`];
test.use({ launchOptions: { executablePath: CHROMIUM_PATH, args: ARGS } });

const OFFLINE_RECORDING = "Offline: still recording. The audio is kept on this device and sent when the connection is back.";
const KEPT_UNTIL_ONLINE = "You are offline. The recording is kept on this device and finished as soon as the connection is back.";

/** Every chunk from the first to the last reached the server, none twice. */
async function chunksOf(id: string) {
  const [c] = await sql<{ n: number; last: number }>("select count(*)::int as n, coalesce(max(seq), -1)::int as last from live_chunks where transcription_id = $1", [id]);
  return c;
}

const seconds = (clock: string) => {
  const [m, s] = clock.split(":").map(Number);
  return m * 60 + s;
};

async function startRecording(page: Page) {
  await page.goto("/dashboard");
  await page.getByRole("button", { name: "Record microphone" }).click();
  await expect(page.getByTestId("recording")).toBeVisible();
}

async function recordedSeconds(page: Page): Promise<number> {
  return seconds((await page.getByLabel("Recorded time").textContent()) ?? "0:00");
}

/** The transcript, once the full pass is done, holds JFK's words and the length recorded. */
async function expectTranscribed(request: APIRequestContext, email: string, atLeastS: number) {
  await expect.poll(async () => (await recordingOf(email))?.status, { timeout: 90_000 }).toBe("done");
  const saved = await recordingOf(email);
  expect(Number(saved.duration_s)).toBeGreaterThanOrEqual(atLeastS);
  const text = await (await request.get(`/api/transcriptions/${saved.id}/export?format=txt`)).text();
  // The e2e stack's engine is PocketSphinx: of JFK's sentence it reliably hears "country".
  expect(text.toLowerCase()).toContain("country");
  expect(await sql("select 1 from live_chunks where transcription_id = $1", [saved.id])).toEqual([]);
}

/** Back on the page: the recording is offered to be finished; Finish sends what the device kept. */
async function finishInterrupted(page: Page) {
  const kept = page.getByTestId("kept-recordings");
  await expect(kept).toContainText(/Recording “.*” was interrupted at [\d:]+\. Finish it to transcribe everything recorded, or discard it\./);
  // No second recording starts over it.
  await expect(page.getByRole("button", { name: "Record microphone" })).toHaveCount(0);
  await kept.getByRole("button", { name: "Finish recording" }).click();
  await expect(kept).toHaveCount(0, { timeout: 30_000 });
}

test("reload mid-recording, with audio the server never got: the page offers to finish it, and the transcript holds the whole recording", async ({ page, request }) => {
  const creds = await createUser(request);
  await logInViaApi(page, creds);
  // The screen is kept awake while recording (a locked phone suspends the page).
  await page.addInitScript(() => {
    const calls: string[] = [];
    Object.assign(window, { wakeCalls: calls });
    Object.defineProperty(navigator, "wakeLock", {
      value: { request: async (type: string) => (calls.push(`request ${type}`), { release: async () => void calls.push("release") }) },
    });
  });
  await startRecording(page);
  await expect.poll(() => page.evaluate(() => (window as unknown as { wakeCalls: string[] }).wakeCalls)).toEqual(["request screen"]);
  await expect(page.getByLabel("Recorded time")).toHaveText(/0:0[5-9]/, { timeout: 20_000 });
  // The last seconds never reach the server: they are only on the device when the page goes.
  await page.route("**/api/recordings/*/chunks*", (route) => route.abort("internetdisconnected"));
  await expect(page.getByLabel("Recorded time")).toHaveText(/0:1[2-9]/, { timeout: 20_000 });
  const recorded = await recordedSeconds(page);
  const { id } = await recordingOf(creds.email);
  const before = await chunksOf(id);
  expect(before.n).toBeLessThan(recorded * 4 - 8);
  await page.unroute("**/api/recordings/*/chunks*");
  await page.reload();
  // The server kept it open: it was interrupted, not ended.
  expect((await recordingOf(creds.email)).status).toBe("recording");
  await finishInterrupted(page);
  const after = await chunksOf(id);
  expect(after.n).toBe(after.last + 1);
  expect(after.n).toBeGreaterThanOrEqual(recorded * 4);
  await expectTranscribed(page.request, creds.email, recorded);

  // The wake lock was let go with the page; a new recording takes it again and stopping lets go.
  await page.getByRole("button", { name: "Record microphone" }).click();
  await expect(page.getByLabel("Recorded time")).toHaveText(/0:0[2-9]/, { timeout: 20_000 });
  await page.getByTestId("recording").getByRole("button", { name: "Stop and transcribe" }).click();
  await expect.poll(() => page.evaluate(() => (window as unknown as { wakeCalls: string[] }).wakeCalls)).toEqual(["request screen", "release"]);
});

test("a tab closed mid-recording: a new tab offers to finish it; Discard removes it for good", async ({ context, page, request }) => {
  const creds = await createUser(request);
  await logInViaApi(page, creds);
  await startRecording(page);
  await expect(page.getByLabel("Recorded time")).toHaveText(/0:0[4-9]/, { timeout: 20_000 });
  await page.close({ runBeforeUnload: false });
  // Closing the tab ends its microphone track: that must not stop the recording, whose last second may not have reached the server.
  await new Promise((r) => setTimeout(r, 1500));
  expect((await recordingOf(creds.email)).status).toBe("recording");
  const again = await context.newPage();
  await again.goto("/dashboard");
  const kept = again.getByTestId("kept-recordings");
  await expect(kept).toContainText("was interrupted at");
  await kept.getByRole("button", { name: "Discard" }).click();
  await again.getByRole("dialog", { name: "Discard this recording?" }).getByRole("button", { name: "Discard" }).click();
  await expect(again.getByText("The recording was discarded.")).toBeVisible();
  await expect.poll(async () => await recordingOf(creds.email)).toBeUndefined();
  await expect(again.getByRole("button", { name: "Record microphone" })).toBeVisible();
});

/** A browser with a profile on disk: closed and opened again, it is the same browser restarted. */
async function browserOn(dir: string): Promise<BrowserContext> {
  return chromium.launchPersistentContext(dir, { executablePath: CHROMIUM_PATH, args: ARGS, baseURL: APP_URL });
}

test("the browser restarted mid-recording: the recording is offered again and finished whole", async ({ request }) => {
  const creds: Credentials = await createUser(request);
  const dir = await mkdtemp(path.join(os.tmpdir(), "verbatim-profile-"));
  try {
    const first = await browserOn(dir);
    const page = first.pages()[0] ?? (await first.newPage());
    await logInViaApi(page, creds);
    await startRecording(page);
    await expect(page.getByLabel("Recorded time")).toHaveText(/0:1[2-9]/, { timeout: 25_000 });
    const recorded = await recordedSeconds(page);
    await first.close();

    const second = await browserOn(dir);
    const back = second.pages()[0] ?? (await second.newPage());
    await back.goto("/dashboard");
    await finishInterrupted(back);
    await expectTranscribed(back.request, creds.email, recorded - 1);
    await second.close();
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

test("the network gone for over a minute: the recording goes on, the panel says so, then everything arrives once and live words resume", async ({ context, page, request }) => {
  test.setTimeout(180_000);
  const creds = await createUser(request);
  await logInViaApi(page, creds);
  await startRecording(page);
  const live = page.getByTestId("live-transcript");
  await expect(live.getByTestId("live-utterance").first()).toBeVisible({ timeout: 20_000 });
  await context.setOffline(true);
  await expect(page.getByText(OFFLINE_RECORDING)).toBeVisible({ timeout: 10_000 });
  // Longer than the old 30 s after which the server ended a silent recording.
  await page.waitForTimeout(65_000);
  const utterancesOffline = await live.getByTestId("live-utterance").count();
  await context.setOffline(false);
  await expect(page.getByText(OFFLINE_RECORDING)).toHaveCount(0, { timeout: 20_000 });
  const { id } = await recordingOf(creds.email);
  // Caught up: the server has (nearly) everything recorded so far, in order, nothing doubled.
  await expect.poll(async () => (await chunksOf(id)).n, { timeout: 30_000 }).toBeGreaterThanOrEqual((await recordedSeconds(page)) * 4 - 8);
  // Live words go on: the minute recorded offline is heard too.
  await expect.poll(() => live.getByTestId("live-utterance").count(), { timeout: 60_000 }).toBeGreaterThan(utterancesOffline);
  const recorded = await recordedSeconds(page);
  await page.getByTestId("recording").getByRole("button", { name: "Stop and transcribe" }).click();
  await expect(page.getByText(/^Saved as/)).toBeVisible({ timeout: 30_000 });
  const c = await chunksOf(id);
  expect(c.n).toBe(c.last + 1);
  expect(c.n).toBeGreaterThanOrEqual(recorded * 4);
  await expectTranscribed(page.request, creds.email, recorded);
});

test("started with no network at all: the app opens from its service worker, records on the device, and uploads it once online", async ({ context, page, request }) => {
  test.setTimeout(150_000);
  const creds = await createUser(request);
  await logInViaApi(page, creds);
  await page.goto("/dashboard");
  // Installable: the manifest names the app and its icons.
  const manifest = (await (await page.request.get("/manifest.webmanifest")).json()) as { name: string; start_url: string; icons: unknown[] };
  expect(manifest).toMatchObject({ name: "Verbatim", start_url: "/dashboard" });
  expect(manifest.icons.length).toBeGreaterThanOrEqual(2);
  // The service worker has kept the dashboard and the recorder's worklet.
  await expect
    .poll(() => page.evaluate(async () => Boolean((await caches.match("/dashboard")) && (await caches.match("/audio/pcm-capture-worklet.js")))), { timeout: 20_000 })
    .toBe(true);

  await context.setOffline(true);
  const reloaded = await page.reload();
  expect(reloaded?.fromServiceWorker()).toBe(true);
  await page.getByRole("button", { name: "Record microphone" }).click();
  await expect(page.getByText(OFFLINE_RECORDING)).toBeVisible();
  await expect(page.getByLabel("Recorded time")).toHaveText(/0:1[2-9]/, { timeout: 25_000 });
  const recorded = await recordedSeconds(page);
  await page.getByTestId("recording").getByRole("button", { name: "Stop and transcribe" }).click();
  await expect(page.getByText(KEPT_UNTIL_ONLINE)).toBeVisible();
  await expect(page.getByTestId("kept-recordings")).toContainText("was made offline and is kept on this device. It is uploaded as soon as the connection is back.");
  expect(await recordingOf(creds.email)).toBeUndefined();
  // A second tab of the dashboard offers it too: once online, only one of the two uploads it.
  const other = await context.newPage();
  await other.goto("/dashboard");
  await expect(other.getByTestId("kept-recordings")).toContainText("was made offline");

  await context.setOffline(false);
  await expect(page.getByTestId("kept-recordings")).toHaveCount(0, { timeout: 30_000 });
  await expect(other.getByTestId("kept-recordings")).toHaveCount(0, { timeout: 30_000 });
  await expect.poll(async () => (await recordingOf(creds.email))?.status, { timeout: 90_000 }).toBe("done");
  const [{ n }] = await sql<{ n: number }>("select count(*)::int as n from transcriptions t join users u on u.id = t.user_id where u.email = $1", [creds.email]);
  expect(n).toBe(1);
  await other.close();
  const saved = await recordingOf(creds.email);
  expect(Number(saved.duration_s)).toBeGreaterThanOrEqual(recorded - 1);
  const text = await (await page.request.get(`/api/transcriptions/${saved.id}/export?format=txt`)).text();
  expect(text.toLowerCase()).toContain("country");

  // Signing out forgets the pages kept for this account (the page opened offline did not know who was signed in: it is opened again).
  await page.reload();
  await page.getByRole("button", { name: "Logout" }).click();
  await expect(page).toHaveURL(/\/login|\/$/);
  expect(await page.evaluate(async () => Boolean(await caches.match("/dashboard")))).toBe(false);
});
