/**
 * The Speakers dialog as one form: every name typed is saved by one Save (one request, one
 * undo step), Cancel, Close and Escape forget what was typed, and names two speakers would
 * share are refused. And the player: its speed survives a reload, its seek bar is a touch
 * target on a phone.
 */
import type { APIRequestContext, Locator, Page } from "@playwright/test";
import { createUser, expect, logInViaApi, sql, test } from "./support/fixtures";
import { seedJfkTranscript } from "./support/transcripts";

/** The JFK transcript, its two segments spoken by two detected speakers, open in the editor. */
async function openTwoSpeakers(page: Page, request: APIRequestContext): Promise<string> {
  const creds = await createUser(request);
  const id = await seedJfkTranscript(creds.email);
  await sql("update transcript_segments set speaker = case position when 0 then 'Speaker 1' else 'Speaker 2' end where transcription_id = $1", [id]);
  await sql("update transcriptions set diarizer = 'basic' where id = $1", [id]);
  await sql(
    `insert into transcript_speakers (transcription_id, speaker, name, seconds, embedding)
     values ($1, 0, 'Speaker 1', 3.8, '{1,0,0,0}'), ($1, 1, 'Speaker 2', 7.2, '{0,1,0,0}')`,
    [id],
  );
  await logInViaApi(page, creds);
  await page.goto(`/transcription/${id}`);
  return id;
}

/** Opens the dialog (retrying: a click before React has hydrated is lost). */
async function openSpeakers(page: Page) {
  const dialog = page.getByRole("dialog", { name: "Speakers" });
  await expect(async () => {
    await page.getByRole("button", { name: "Speakers", exact: true }).click();
    await expect(dialog).toBeVisible({ timeout: 1000 });
  }).toPass();
  return dialog;
}

const speakerOf = (page: Page, at: "00:00" | "00:03") => page.getByRole("combobox", { name: new RegExp(`^Speaker of the segment at ${at}`) });
const segmentSpeakers = async (id: string) =>
  (await sql<{ speaker: string }>("select speaker from transcript_segments where transcription_id = $1 order by position", [id])).map((r) => r.speaker);
const detectedNames = async (id: string) =>
  (await sql<{ name: string }>("select name from transcript_speakers where transcription_id = $1 order by speaker", [id])).map((r) => r.name);

test("two speakers renamed in one Save: one request, every segment and the detected speakers follow, one undo step", async ({ page, request }) => {
  const id = await openTwoSpeakers(page, request);
  const renames: string[] = [];
  page.on("request", (r) => {
    if (r.method() === "PATCH" && r.url().endsWith(`/api/transcriptions/${id}/speakers`)) renames.push(r.postData() ?? "");
  });

  const dialog = await openSpeakers(page);
  await expect(dialog.getByRole("textbox", { name: "New name for Speaker 1" })).toBeFocused();
  await dialog.getByRole("textbox", { name: "New name for Speaker 1" }).fill("Interviewer");
  await dialog.getByRole("textbox", { name: "New name for Speaker 2" }).fill("  Kennedy ");
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole("button", { name: "Speakers", exact: true })).toBeFocused();

  await expect(speakerOf(page, "00:00")).toHaveValue("Interviewer");
  await expect(speakerOf(page, "00:03")).toHaveValue("Kennedy");
  await expect(page.getByTestId("save-status")).toHaveText("All changes saved");
  expect(renames).toHaveLength(1);
  expect(JSON.parse(renames[0]).renames).toEqual([{ from: "Speaker 1", to: "Interviewer" }, { from: "Speaker 2", to: "Kennedy" }]);
  expect(await segmentSpeakers(id)).toEqual(["Interviewer", "Kennedy"]);
  expect(await detectedNames(id)).toEqual(["Interviewer", "Kennedy"]);

  // Named, the detected speakers can be saved as voice profiles.
  const again = await openSpeakers(page);
  await expect(again.getByRole("textbox", { name: "New name for Kennedy" })).toHaveValue("Kennedy");
  await expect(again.getByRole("button", { name: "Save as a voice profile: Kennedy" })).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(again).toBeHidden();

  // Kept after a reload.
  await page.reload();
  await expect(speakerOf(page, "00:00")).toHaveValue("Interviewer");
  await expect(speakerOf(page, "00:03")).toHaveValue("Kennedy");

  // One undo puts both old names back, and saves that.
  const dialogAfterReload = await openSpeakers(page);
  await dialogAfterReload.getByRole("textbox", { name: "New name for Interviewer" }).fill("Host");
  await dialogAfterReload.getByRole("textbox", { name: "New name for Kennedy" }).fill("Guest");
  await dialogAfterReload.getByRole("textbox", { name: "New name for Kennedy" }).press("Enter");
  await expect(dialogAfterReload).toBeHidden();
  await expect(speakerOf(page, "00:00")).toHaveValue("Host");
  await expect(speakerOf(page, "00:03")).toHaveValue("Guest");
  await page.getByRole("button", { name: "Undo" }).click();
  await expect(speakerOf(page, "00:00")).toHaveValue("Interviewer");
  await expect(speakerOf(page, "00:03")).toHaveValue("Kennedy");
  await expect(page.getByTestId("save-status")).toHaveText("All changes saved");
  await expect.poll(() => segmentSpeakers(id)).toEqual(["Interviewer", "Kennedy"]);
});

test("Cancel, Close and Escape forget the names typed; empty and shared names are refused at their fields", async ({ page, request }) => {
  const id = await openTwoSpeakers(page, request);
  let sent = 0;
  page.on("request", (r) => {
    if (r.method() === "PATCH" && r.url().includes(`/api/transcriptions/${id}/`)) sent++;
  });

  const closers: [string, (dialog: Locator) => Promise<void>][] = [
    ["Cancel", (dialog) => dialog.getByRole("button", { name: "Cancel" }).click()],
    ["Close", (dialog) => dialog.getByRole("button", { name: "Close" }).click()],
    ["Escape", () => page.keyboard.press("Escape")],
  ];
  for (const [how, close] of closers) {
    const dialog = await openSpeakers(page);
    await dialog.getByRole("textbox", { name: "New name for Speaker 1" }).fill(`Host via ${how}`);
    await close(dialog);
    await expect(dialog, how).toBeHidden();
    await expect(page.getByRole("button", { name: "Speakers", exact: true }), how).toBeFocused();
    await expect(speakerOf(page, "00:00"), how).toHaveValue("Speaker 1");
    const reopened = await openSpeakers(page);
    await expect(reopened.getByRole("textbox", { name: "New name for Speaker 1" }), how).toHaveValue("Speaker 1");
    await page.keyboard.press("Escape");
    await expect(reopened).toBeHidden();
  }

  const dialog = await openSpeakers(page);
  const first = dialog.getByRole("textbox", { name: "New name for Speaker 1" });
  const second = dialog.getByRole("textbox", { name: "New name for Speaker 2" });
  await first.fill("   ");
  await second.fill("Maya");
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(first).toHaveAccessibleDescription("Give the speaker a name.");
  await expect(first).toBeFocused();
  await first.fill("maya");
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(first).toHaveAccessibleDescription("Another speaker is also called “maya”. Give each speaker a different name.");
  await expect(second).toHaveAccessibleDescription("Another speaker is also called “Maya”. Give each speaker a different name.");
  await expect(dialog).toBeVisible();

  expect(sent).toBe(0);
  expect(await segmentSpeakers(id)).toEqual(["Speaker 1", "Speaker 2"]);
});

test("the playback speed survives a reload, a garbled stored one is 1×; at 375 px the seek bar is a 44 px row of its own", async ({ page, request }) => {
  await page.setViewportSize({ width: 375, height: 700 });
  await openTwoSpeakers(page, request);
  const speed = page.getByRole("combobox", { name: "Playback speed" });
  const rate = () => page.getByTestId("audio").evaluate((a: HTMLAudioElement) => a.playbackRate);
  await expect(speed).toHaveValue("1");
  await expect(async () => {
    await speed.selectOption("1.5");
    expect(await rate()).toBe(1.5);
  }).toPass();

  await page.reload();
  await expect(speed).toHaveValue("1.5");
  await expect.poll(rate).toBe(1.5);

  await page.evaluate(() => localStorage.setItem("verbatim-playback-rate", "16"));
  await page.reload();
  await expect(speed).toHaveValue("1");
  await expect.poll(rate).toBe(1);

  const seek = page.getByRole("slider", { name: "Seek" });
  await expect(seek).toBeEnabled();
  const bar = (await seek.boundingBox())!;
  const menu = (await speed.boundingBox())!;
  const player = (await page.getByTestId("player").boundingBox())!;
  expect(bar.height).toBeGreaterThanOrEqual(44);
  expect(bar.y).toBeGreaterThanOrEqual(menu.y + menu.height);
  expect(bar.width).toBeGreaterThanOrEqual(player.width - 16);

  // A tap on the bar moves the audio there (once the audio's length is known: before, the bar has no scale).
  const audio = page.getByTestId("audio");
  await expect.poll(() => audio.evaluate((a: HTMLAudioElement) => (Number.isFinite(a.duration) ? a.duration : 0))).toBeGreaterThan(0);
  const half = await audio.evaluate((a: HTMLAudioElement) => a.duration / 2);
  // Clicked where the bar is now (the page may still move as it settles). A seek the audio
  // lost while loading leaves the bar at the spot clicked, so a try again clicks another spot.
  let tries = 0;
  await expect(async () => {
    const { width, height } = (await seek.boundingBox())!;
    await seek.click({ position: { x: width * (tries++ % 2 ? 0.6 : 0.5), y: height / 2 } });
    expect(await audio.evaluate((a: HTMLAudioElement) => a.currentTime)).toBeGreaterThan(half * 0.8);
  }).toPass({ timeout: 10_000 });
});
