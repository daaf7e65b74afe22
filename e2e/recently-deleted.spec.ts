import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { NOT_FOUND_TEXT } from "@/lib/texts";
import { ORIGIN, createUser, expect, logInViaApi, sql, test } from "./support/fixtures";
import { storedKeys } from "./support/storage";
import { seedJfkTranscript } from "./support/transcripts";

const KEEPS_USAGE = "Deleting doesn't give back the minutes it used.";

/** axe-core (WCAG 2.0/2.1 A and AA), as e2e/accessibility.spec.ts runs it: no serious or critical violation. */
async function expectAccessible(page: Page, where: string) {
  const { violations } = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  const serious = violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(" | ")}`);
  expect.soft(serious, `axe on ${where}`).toEqual([]);
}

async function userWithTranscripts(page: Page, request: Page["request"], titles: string[]) {
  const creds = await createUser(request);
  const ids: string[] = [];
  for (const title of titles) ids.push(await seedJfkTranscript(creds.email, title));
  await logInViaApi(page, creds);
  return ids;
}

test("delete → Undo puts it back; delete → Recently deleted → Restore → back on the dashboard with its transcript", async ({ page, request }) => {
  test.setTimeout(90_000);
  const [boardCall] = await userWithTranscripts(page, request, ["Board call", "Standup"]);
  await page.goto("/dashboard");
  const rows = page.getByTestId("transcription-row");
  await expect(rows).toHaveCount(2);

  // The confirmation says where it goes, and that the minutes stay used.
  await page.getByRole("button", { name: "Delete Board call" }).click();
  const confirm = page.getByRole("dialog", { name: "Delete “Board call”?" });
  await expect(confirm).toContainText("It stays in Recently deleted for 30 days, where you can restore it.");
  await expect(confirm).toContainText(KEEPS_USAGE);
  await confirm.getByRole("button", { name: "Delete" }).click();
  await expect(rows).toHaveCount(1);
  // The row took the focus with it: Undo has it.
  const undo = page.getByRole("button", { name: "Undo deleting Board call" });
  await expect(undo).toBeFocused();
  await expect(page.getByTestId("deleted-notice")).toContainText("“Board call” was moved to Recently deleted for 30 days.");
  await expectAccessible(page, "dashboard with the deleted notice");
  await undo.click();
  await expect(rows).toHaveCount(2);
  await expect(rows.filter({ hasText: "Board call" })).toBeVisible();
  await expect(page.getByText("“Board call” was restored.")).toBeVisible();

  // Deleted again, it is gone from the transcript's own page, and waits in Recently deleted.
  await page.getByRole("button", { name: "Delete Board call" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Delete" }).click();
  await expect(rows).toHaveCount(1);
  await page.goto(`/transcription/${boardCall}`);
  await expect(page.getByText(NOT_FOUND_TEXT)).toBeVisible();
  expect((await page.request.get(`/api/transcriptions/${boardCall}`)).status()).toBe(404);

  await page.goto("/dashboard");
  await page.getByRole("link", { name: "Recently deleted" }).first().click();
  await expect(page).toHaveURL(/\/dashboard\/deleted$/);
  await expect(page.getByRole("heading", { name: "Recently deleted", level: 1 })).toBeVisible();
  await expect(page.getByRole("main")).toContainText(KEEPS_USAGE);
  const deleted = page.getByTestId("deleted-row");
  await expect(deleted).toHaveCount(1);
  await expect(deleted).toContainText("Board call");
  await expect(deleted).toContainText("30 days left");
  await expectAccessible(page, "/dashboard/deleted");

  await page.getByRole("button", { name: "Restore Board call" }).click();
  await expect(deleted).toHaveCount(0);
  const notice = page.getByRole("status").filter({ hasText: "“Board call” is back in your transcriptions." });
  await expect(notice).toBeFocused();
  await expect(page.getByText("Nothing here")).toBeVisible();
  await expectAccessible(page, "/dashboard/deleted, empty");

  await notice.getByRole("link", { name: "Open it" }).click();
  await expect(page).toHaveURL(new RegExp(`/transcription/${boardCall}$`));
  await expect(page.getByTestId("transcript")).toContainText("country");
  await page.goto("/dashboard");
  await expect(rows).toHaveCount(2);
  await expect(rows.filter({ hasText: "Board call" })).toBeVisible();
});

test("Delete for good, after a confirm, removes it and its audio; no one else can restore or remove it", async ({ page, request, playwright }) => {
  test.setTimeout(90_000);
  const [draft] = await userWithTranscripts(page, request, ["Draft interview"]);
  const [{ user_id: userId }] = await sql<{ user_id: string }>("select user_id from transcriptions where id = $1", [draft]);
  const prefix = `${userId}/${draft}`;
  expect(await storedKeys(prefix)).toEqual([`${prefix}/normalised.wav`]);
  expect((await page.request.delete(`/api/transcriptions/${draft}`, { headers: ORIGIN })).status()).toBe(200);
  // Kept with its audio while it is in Recently deleted.
  expect(await storedKeys(prefix)).toEqual([`${prefix}/normalised.wav`]);

  // Another user: not listed, and restoring or deleting it for good is 404.
  const stranger = await playwright.request.newContext({ baseURL: ORIGIN.origin, extraHTTPHeaders: { "x-forwarded-for": "10.201.0.1" } });
  try {
    const other = await createUser(stranger);
    expect((await stranger.post("/api/auth/sign-in/email", { data: other, headers: ORIGIN })).status()).toBe(200);
    expect(((await (await stranger.get("/api/transcriptions/deleted")).json()) as { transcriptions: unknown[] }).transcriptions).toEqual([]);
    expect((await stranger.post(`/api/transcriptions/${draft}/restore`, { headers: ORIGIN })).status()).toBe(404);
    expect((await stranger.delete(`/api/transcriptions/${draft}?permanent=1`, { headers: ORIGIN })).status()).toBe(404);
  } finally {
    await stranger.dispose();
  }

  await page.goto("/dashboard/deleted");
  await page.getByRole("button", { name: "Delete Draft interview for good" }).click();
  const confirm = page.getByRole("dialog", { name: "Delete “Draft interview” for good?" });
  await expect(confirm).toContainText("this cannot be undone");
  await expect(confirm).toContainText(KEEPS_USAGE);
  await expectAccessible(page, "delete for good confirm dialog");
  // Cancel keeps it.
  await confirm.getByRole("button", { name: "Cancel" }).click();
  await expect(page.getByTestId("deleted-row")).toHaveCount(1);

  await page.getByRole("button", { name: "Delete Draft interview for good" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Delete for good" }).click();
  await expect(page.getByTestId("deleted-row")).toHaveCount(0);
  await expect(page.getByRole("status").filter({ hasText: "“Draft interview” was deleted for good." })).toBeFocused();
  expect(await sql("select id from transcriptions where id = $1", [draft])).toHaveLength(0);
  expect(await storedKeys(prefix)).toEqual([]);
  expect((await page.request.post(`/api/transcriptions/${draft}/restore`, { headers: ORIGIN })).status()).toBe(404);
  await page.reload();
  await expect(page.getByText("Nothing here")).toBeVisible();
});
