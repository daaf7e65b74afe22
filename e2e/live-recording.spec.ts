import { CHROMIUM_PATH, chromiumArgs } from "./support/chromium";
import { recordingOf, SPEECH } from "./support/recordings";
import { createUser, expect, logInViaApi, sql, test } from "./support/fixtures";

test.use({ launchOptions: { executablePath: CHROMIUM_PATH, args: [...chromiumArgs, `--use-file-for-fake-audio-capture=${SPEECH}`] } });

const QUOTA_REACHED = "Your plan's transcription time has run out, so the recording stopped. What you recorded is saved and transcribed.";

test("words appear while recording; stop → the saved transcription holds them, then the full-quality pass", async ({ page, request }) => {
  const creds = await createUser(request);
  await logInViaApi(page, creds);
  await page.goto("/dashboard");
  await page.getByRole("button", { name: "Record microphone" }).click();
  const recording = page.getByTestId("recording");
  await expect(recording).toBeVisible();
  const live = page.getByTestId("live-transcript");
  // Words while the recording still runs: the first utterance ends 2–3 s in.
  await expect(live.getByTestId("live-utterance").first()).toBeVisible({ timeout: 20_000 });
  await expect(recording).toBeVisible();
  const heard = (await live.getByTestId("live-utterance").allTextContents()).join(" ");
  expect(heard).toMatch(/\d:\d\d\s*\S+/);
  // The dashboard lists it as being recorded.
  await expect(page.getByTestId("transcription-row").first()).toContainText("Recording");

  await recording.getByRole("button", { name: "Stop and transcribe" }).click();
  // The live text stays on screen while the full-quality pass runs (it may be done at once on a quick machine).
  await expect(page.getByText(/^Saved as .*Making the full-quality transcript…/).or(page.getByTestId("transcription-row").first().getByText("Done"))).toBeVisible({ timeout: 30_000 });
  const saved = await recordingOf(creds.email);
  expect(Number(saved.duration_s)).toBeGreaterThan(3);

  // Its page: the live text until the full pass is done, then the editable transcript.
  await page.getByTestId("transcription-row").first().getByRole("link").first().click();
  await expect(page.getByTestId("live-draft").or(page.getByTestId("transcript"))).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId("transcript")).toBeVisible({ timeout: 90_000 });
  await expect.poll(async () => (await recordingOf(creds.email)).status).toBe("done");
  const left = await sql("select 1 from live_chunks where transcription_id = $1 union all select 1 from live_sessions where transcription_id = $1", [saved.id]);
  expect(left).toEqual([]);
});

test("a network interruption leaves no gap: chunks the server did not get are sent again", async ({ page, request }) => {
  const creds = await createUser(request);
  await logInViaApi(page, creds);
  await page.goto("/dashboard");
  await page.getByRole("button", { name: "Record microphone" }).click();
  await expect(page.getByLabel("Recorded time")).toHaveText(/0:0[2-9]/, { timeout: 20_000 });
  await page.route("**/api/recordings/*/chunks*", (route) => route.abort("internetdisconnected"));
  await page.waitForTimeout(3000);
  await page.unroute("**/api/recordings/*/chunks*");
  await page.waitForTimeout(2500);
  const { id } = await recordingOf(creds.email);
  const [chunks] = await sql<{ n: number; last: number }>("select count(*)::int as n, max(seq) as last from live_chunks where transcription_id = $1", [id]);
  // Every chunk from the first to the last arrived, the ones sent during the outage too.
  expect(chunks.n).toBeGreaterThan(16);
  expect(chunks.n).toBe(chunks.last + 1);
  await page.getByTestId("recording").getByRole("button", { name: "Stop and transcribe" }).click();
  await expect(page.getByText(/^Saved as/)).toBeVisible({ timeout: 30_000 });
});

test("the plan's time runs out: a warning, then the recording stops itself and is kept", async ({ page, request }) => {
  const creds = await createUser(request);
  await sql(
    "insert into usage (user_id, period_start, seconds_used) select id, date_trunc('month', now()), 3 * 3600 - 4 from users where email = $1",
    [creds.email],
  );
  await logInViaApi(page, creds);
  await page.goto("/dashboard");
  await expect(page.getByTestId("usage")).toBeVisible();
  await page.getByRole("button", { name: "Record microphone" }).click();
  await expect(page.getByText("Less than a minute of transcription time is left on your plan.", { exact: false })).toBeVisible();
  await expect(page.getByText(QUOTA_REACHED)).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId("recording")).toHaveCount(0);
  await expect(page.getByText(/^Saved as/)).toBeVisible();
  const saved = await recordingOf(creds.email);
  expect(saved.status).not.toBe("recording");
  expect(Number(saved.duration_s)).toBeGreaterThan(2);
  expect(Number(saved.duration_s)).toBeLessThanOrEqual(4);
});

test("discard removes the recording and gives back its time, but for the seconds its live text showed", async ({ page, request }) => {
  const creds = await createUser(request);
  await logInViaApi(page, creds);
  await page.goto("/dashboard");
  await page.getByRole("button", { name: "Record microphone" }).click();
  await expect(page.getByLabel("Recorded time")).toHaveText(/0:0[4-9]/, { timeout: 20_000 });
  // Paused: no more audio, so the live text stays as it is (the engine's last words come only when the slot is given back, 30 s on).
  await page.getByTestId("recording").getByRole("button", { name: "Pause" }).click();
  // The controls stay together on one line, on a laptop and on a phone (Discard once wrapped onto a line of its own).
  for (const width of [1280, 900, 375]) {
    await page.setViewportSize({ width, height: 800 });
    const controls = page.getByTestId("recording").getByRole("button");
    const boxes = await controls.evaluateAll((buttons) => buttons.map((b) => ({ top: Math.round(b.getBoundingClientRect().top), right: b.getBoundingClientRect().right })));
    const tops = boxes.map((box) => box.top);
    expect(tops.length, `buttons at ${width} px`).toBe(3);
    expect(new Set(tops).size, `one line of controls at ${width} px: ${tops.join(", ")}`).toBe(1);
    expect(Math.max(...boxes.map((box) => box.right)), `inside the screen at ${width} px`).toBeLessThanOrEqual(width);
  }
  await page.setViewportSize({ width: 1280, height: 720 });
  // The engine may still be showing the last second sent at the pause: read once it has stood still for 2 s.
  const id = (await recordingOf(creds.email)).id;
  const shownNow = async () =>
    (
      await sql<{ ms: number }>(
        `select greatest(coalesce(max(u.end_ms), 0), s.shown_ms)::int as ms from live_sessions s
           left join live_utterances u on u.transcription_id = s.transcription_id
          where s.transcription_id = $1 group by s.shown_ms`,
        [id],
      )
    )[0];
  let shown = await shownNow();
  for (let i = 0; i < 10; i++) {
    await page.waitForTimeout(2000);
    const again = await shownNow();
    if (again.ms === shown.ms) break;
    shown = again;
  }
  await page.getByTestId("recording").getByRole("button", { name: "Discard" }).click();
  await page.getByRole("dialog", { name: "Discard this recording?" }).getByRole("button", { name: "Discard" }).click();
  await expect(page.getByText("The recording was discarded.")).toBeVisible();
  await expect(page.getByTestId("transcription-row")).toHaveCount(0);
  expect(await recordingOf(creds.email)).toBeUndefined();
  const [used] = await sql<{ s: number }>("select coalesce(sum(seconds_used), 0)::int as s from usage u join users x on x.id = u.user_id where x.email = $1", [creds.email]);
  // Words shown were transcribed: those seconds stay used (none if none were shown yet).
  expect(used.s).toBe(Math.ceil(shown.ms / 1000));
});

test("a plan without live transcription records as before: the file is transcribed after stopping, with a hint", async ({ page, request }) => {
  const creds = await createUser(request);
  await sql(
    `insert into plans (id, name, hours_per_month, features, language_tiers, is_active, rank, sort_order)
     select 'e2e-no-live', 'Recorder', 1, '["in_app_editing","export_txt"]', language_tiers, false, 0, 99 from plans where id = 'free'
     on conflict (id) do nothing`,
  );
  await sql(
    "insert into subscriptions (id, user_id, plan_id, status, billing_interval) select 'sub-' || id, id, 'e2e-no-live', 'active', 'monthly' from users where email = $1",
    [creds.email],
  );
  await logInViaApi(page, creds);
  await page.goto("/dashboard");
  await expect(page.getByTestId("live-upgrade-hint")).toContainText("Plans with live transcription show the words as you speak.");
  await page.getByRole("button", { name: "Record microphone" }).click();
  await page.waitForTimeout(2000);
  await expect(page.getByTestId("live-transcript")).toHaveCount(0);
  await page.getByTestId("recording").getByRole("button", { name: "Stop and transcribe" }).click();
  await expect(page.getByTestId("transcription-row").filter({ hasText: "Recording" })).toBeVisible({ timeout: 20_000 });
  // The server refuses a live session to this plan, with the upgrade offer.
  const refused = await page.request.post("/api/recordings", { data: { title: "x", mode: "mic" }, headers: { origin: "http://127.0.0.1:3100" } });
  expect(refused.status()).toBe(403);
  expect((await refused.json()).detail).toMatch(/^Live transcription while recording is not included in your Recorder plan\./);
});
