import { createUser, expect, logInViaApi, sql, test } from "./support/fixtures";
import { JFK_WAV, longReading } from "./support/audio";

test("upload jfk.wav → progress → done → the transcript page shows the text and the audio plays", async ({ page, request }) => {
  test.setTimeout(120_000);
  const creds = await createUser(request);
  await logInViaApi(page, creds);
  await page.goto("/dashboard");
  await expect(page.getByTestId("usage")).toContainText("Free plan");
  // The offline engine says what it means for the user's recordings, and which of the plan's languages it does.
  const notes = page.getByTestId("engine-notes");
  await expect(notes).toContainText("Offline English engine: recordings in English only, with basic accuracy.");
  await expect(notes).toContainText(/This server transcribes 1 of the \d+ languages in your plan today: English\./);
  await page.getByLabel("Choose audio files").setInputFiles(JFK_WAV);

  const row = page.getByTestId("transcription-row").filter({ hasText: "jfk" });
  await expect(row).toBeVisible();
  await expect(row.getByTestId("status")).toHaveText(/Queued|Transcribing|Done/);
  await expect(row.getByTestId("status")).toHaveText("Done", { timeout: 90_000 });
  await expect(row).toContainText("0:11");
  // Users read the engine's name, never its id.
  await expect(row).toContainText("Offline English engine");
  await expect(row).not.toContainText("sphinx");

  // Search finds it by words of the transcript.
  await page.getByLabel("Search transcriptions").fill("country");
  await expect(page.getByTestId("transcription-row")).toHaveCount(1);

  await row.getByRole("link", { name: "jfk" }).click();
  await expect(page).toHaveURL(/\/transcription\/[0-9a-f-]{36}$/);
  const transcript = page.getByTestId("transcript");
  await expect(transcript).toContainText("country");
  await expect(transcript).toContainText("00:0");

  const audio = page.getByTestId("audio");
  await expect.poll(() => audio.evaluate((a: HTMLAudioElement) => a.duration)).toBeCloseTo(11, 0);
  await transcript.getByRole("button", { name: /^Play from/ }).nth(1).click(); // click a segment: seek there and play
  await expect.poll(() => audio.evaluate((a: HTMLAudioElement) => a.currentTime)).toBeGreaterThan(2);
  await expect.poll(() => audio.evaluate((a: HTMLAudioElement) => a.paused)).toBe(false);
});

test("a long recording: its first parts can be read and played while the rest is transcribed", async ({ page, request }) => {
  test.setTimeout(150_000);
  const creds = await createUser(request);
  await logInViaApi(page, creds);
  await page.goto("/dashboard");
  await page.getByLabel("Choose audio files").setInputFiles(await longReading());
  const row = page.getByTestId("transcription-row").filter({ hasText: "verbatim-e2e-long-reading" });
  await row.getByRole("link", { name: "verbatim-e2e-long-reading" }).click();

  const partial = page.getByTestId("partial-transcript");
  await expect(partial).toContainText(/Transcribed so far: \d+ of \d+ parts\. You can edit the transcript when it is complete\./, { timeout: 60_000 });
  await expect(page.getByText(/Transcribing… \d+%/)).toBeVisible();
  // What is there can be played from where it was said.
  const audio = page.getByTestId("audio");
  await partial.getByRole("button", { name: /^Play from/ }).last().click();
  await expect.poll(() => audio.evaluate((a: HTMLAudioElement) => a.currentTime)).toBeGreaterThan(5);

  // Then the whole transcript, editable, replaces the parts.
  await expect(page.getByTestId("transcript")).toBeVisible({ timeout: 90_000 });
  await expect(partial).toHaveCount(0);
});

test("record with the browser's microphone → a transcription job is created", async ({ page, request }) => {
  const creds = await createUser(request);
  await logInViaApi(page, creds);
  await page.goto("/dashboard");
  await page.getByRole("button", { name: "Record microphone" }).click();
  const recording = page.getByTestId("recording");
  await expect(recording).toBeVisible();
  await page.waitForTimeout(1500);
  await recording.getByRole("button", { name: "Pause" }).click();
  await recording.getByRole("button", { name: "Resume" }).click();
  await page.waitForTimeout(1000);
  await recording.getByRole("button", { name: "Stop and transcribe" }).click();

  const row = page.getByTestId("transcription-row").filter({ hasText: "Recording" });
  await expect(row).toBeVisible({ timeout: 20_000 });
  const recorded = () =>
    sql<{ source: string; status: string; duration_s: string }>(
      "select t.source, j.status, t.duration_s from transcriptions t join jobs j on j.transcription_id = t.id and j.kind = 'transcribe' join users u on u.id = t.user_id where u.email = $1",
      [creds.email],
    );
  // Listed from the start (it is being recorded); its transcription job comes when it stops.
  await expect.poll(async () => (await recorded()).length, { timeout: 20_000 }).toBe(1);
  const rows = await recorded();
  expect(rows[0].source).toBe("recording");
  // A browser's WebM says nothing of its length: the worker measures it when it decodes it.
  await expect.poll(async () => Number((await recorded())[0].duration_s), { timeout: 30_000 }).toBeGreaterThan(1.5);
  await expect(row).not.toContainText("length being measured", { timeout: 10_000 });
});

test("tab + microphone is offered on Pro, with a clear message for free users", async ({ page, request }) => {
  const creds = await createUser(request);
  await logInViaApi(page, creds);
  await page.goto("/dashboard");
  await expect(page.getByRole("button", { name: "Record tab + microphone" })).toBeDisabled();
  await expect(page.getByText("Tab + microphone is on Pro and Premium.")).toBeVisible();

  await sql(
    "insert into subscriptions (id, user_id, plan_id, status, billing_interval) select 'sub-' || id, id, 'pro', 'active', 'monthly' from users where email = $1",
    [creds.email],
  );
  await page.reload();
  await expect(page.getByTestId("usage")).toContainText("Pro plan");
  await expect(page.getByRole("button", { name: "Record tab + microphone" })).toBeEnabled();
  await expect(page.getByText("Tab + microphone is on Pro and Premium.")).toHaveCount(0);
});
