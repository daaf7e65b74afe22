import { randomUUID } from "node:crypto";
import { copyFile, mkdtemp } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { JFK_WAV } from "./audio";
import type { Page } from "@playwright/test";
import { expect, sql } from "./fixtures";
import { storeAudio } from "./storage";

/** A copy of a fixture in a temp dir: storing may take the file. */
async function copyOf(file: string): Promise<string> {
  const copy = path.join(await mkdtemp(path.join(os.tmpdir(), "verbatim-e2e-audio-")), path.basename(file));
  await copyFile(file, copy);
  return copy;
}

const word = (w: string, start: number, end: number, confidence = 0.9) => ({ word: w, start_ms: start, end_ms: end, confidence });

/** jfk.wav's words with timings close to the recording's. */
const JFK_SEGMENTS = [
  {
    start_ms: 0,
    end_ms: 3800,
    text: "and so my fellow americans",
    words: [word("and", 300, 600), word("so", 600, 1100), word("my", 1500, 1800), word("fellow", 1800, 2400, 0.3), word("americans", 2400, 3600)],
  },
  {
    start_ms: 3800,
    end_ms: 11000,
    text: "ask not what your country can do for you ask what you can do for your country",
    words: "ask not what your country can do for you ask what you can do for your country".split(" ").map((w, i) => word(w, 3900 + i * 420, 3900 + (i + 1) * 420)),
  },
];

/** A finished transcription of jfk.wav for this user, arranged directly (the pipeline has its own tests). */
export async function seedJfkTranscript(email: string, title = "JFK inaugural"): Promise<string> {
  const [user] = await sql<{ id: string }>("select id from users where email = $1", [email]);
  const id = randomUUID();
  const key = `${user.id}/${id}`;
  await storeAudio(`${key}/normalised.wav`, await copyOf(JFK_WAV));
  await sql(
    `insert into transcriptions (id, user_id, title, status, progress, language, engine, duration_s, reserved_seconds, usage_period_start,
       audio_key, original_filename, content_type, size_bytes, transcript_text, completed_at)
     values ($1, $2, $3, 'done', 100, 'en', 'sphinx', 11, 11, now(), $4, 'jfk.wav', 'audio/wav', 352078, $5, now())`,
    [id, user.id, title, key, JFK_SEGMENTS.map((s) => s.text).join(" ")],
  );
  for (const [position, s] of JFK_SEGMENTS.entries()) {
    await sql(
      "insert into transcript_segments (id, transcription_id, position, start_ms, end_ms, text, words, confidence) values ($1, $2, $3, $4, $5, $6, $7, 0.8)",
      [randomUUID(), id, position, s.start_ms, s.end_ms, s.text, JSON.stringify(s.words)],
    );
  }
  return id;
}

export async function subscribe(email: string, plan: "pro" | "premium"): Promise<void> {
  await sql(
    "insert into subscriptions (id, user_id, plan_id, status, billing_interval) select 'sub-' || id, id, $2, 'active', 'monthly' from users where email = $1",
    [email, plan],
  );
}

/** A finished JFK transcription put back to "queued" with no job: no worker takes it, the test ends it itself. */
export async function seedQueuedJfk(email: string, title: string): Promise<string> {
  const id = await seedJfkTranscript(email, title);
  await sql("update transcriptions set status = 'queued', progress = 0, completed_at = null, updated_at = now() where id = $1", [id]);
  return id;
}

/** Waits until the editor answers (its "?" shortcut opens the help): a click or key before React has hydrated is lost. */
export async function editorHydrated(page: Page): Promise<void> {
  const help = page.getByRole("dialog", { name: "Keyboard shortcuts" });
  await expect(async () => {
    await page.keyboard.press("?");
    await expect(help).toBeVisible({ timeout: 1000 });
  }).toPass();
  await page.keyboard.press("Escape");
  await expect(help).toBeHidden();
}

/**
 * Holds the page's segment saves on their way (a slow network) until the returned function is
 * called: another page can save first, as when two people edit at the same moment.
 */
export async function holdSegmentSaves(page: Page, transcriptionId: string): Promise<() => Promise<void>> {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  const url = `**/api/transcriptions/${transcriptionId}/segments`;
  await page.route(url, async (route) => {
    if (route.request().method() === "PATCH") await held;
    await route.continue();
  });
  // Later saves pass the resolved hold at once; a later hold, routed after, takes precedence.
  return async () => release();
}
