import { createUser, expect, logInViaApi, sql, test } from "./support/fixtures";
import { seedQueuedJfk } from "./support/transcripts";

interface Raised {
  title: string;
  body: string;
}

declare global {
  interface Window {
    raisedNotifications: Raised[];
    focusCalls: number;
    lastNotification?: { onclick: (() => void) | null };
  }
}

test("a transcription that finishes while its tab is in the background raises a browser notification", async ({ page, request }) => {
  // The browser's Notification API, recording what the page raises, and a tab in the background.
  await page.addInitScript(() => {
    window.raisedNotifications = [];
    window.focusCalls = 0;
    window.focus = () => void window.focusCalls++;
    class RecordingNotification {
      static permission: NotificationPermission = "default";
      static async requestPermission(): Promise<NotificationPermission> {
        RecordingNotification.permission = "granted";
        return "granted";
      }
      onclick: (() => void) | null = null;
      constructor(title: string, options: NotificationOptions = {}) {
        window.raisedNotifications.push({ title, body: options.body ?? "" });
        window.lastNotification = this;
      }
      close() {}
    }
    Object.defineProperty(window, "Notification", { configurable: true, value: RecordingNotification });
    Object.defineProperty(document, "hidden", { configurable: true, get: () => true });
    Object.defineProperty(document, "visibilityState", { configurable: true, get: () => "hidden" });
  });
  const creds = await createUser(request);
  await logInViaApi(page, creds);
  const id = await seedQueuedJfk(creds.email, "Board call");

  await page.goto(`/transcription/${id}`);
  await expect(page.getByText("Waiting for a free transcriber…")).toBeVisible();
  await page.getByRole("button", { name: "Notify me when it's done" }).click();
  await expect(page.getByText("You will get a browser notification when it is done, if this tab is in the background.")).toBeVisible();
  expect(await page.evaluate(() => window.raisedNotifications)).toEqual([]);

  await sql("update transcriptions set status = 'done', progress = 100, completed_at = now(), updated_at = now() where id = $1", [id]);
  await expect.poll(() => page.evaluate(() => window.raisedNotifications)).toEqual([
    { title: "Your transcript is ready", body: "“Board call” is ready to read and edit." },
  ]);
  await expect(page.getByTestId("transcript")).toContainText("country");
  // Clicking the notification brings the tab to the front.
  await page.evaluate(() => window.lastNotification?.onclick?.());
  expect(await page.evaluate(() => window.focusCalls)).toBe(1);
});
