import type { APIRequestContext, Browser, Page } from "@playwright/test";
import { clientFor, openAdminPanel, userIdOf } from "./support/admin";
import { ORIGIN, createUser, expect, logInViaApi, sql, test } from "./support/fixtures";
import { storedKeys } from "./support/storage";
import { seedJfkTranscript } from "./support/transcripts";

/** A brand-new user's first visit in a browser of their own: the onboarding modal opens. */
async function onboardingModal(browser: Browser, request: APIRequestContext): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await logInViaApi(page, await createUser(request, {}, { onboarding: true }));
  await page.goto("/dashboard");
  await expect(page.getByRole("dialog", { name: "Choose your plan" })).toBeVisible();
  return page;
}

test.describe("the admin panel", () => {
  test("an operator edits the pro price and the onboarding modal shows it", async ({ page, request, browser }) => {
    await openAdminPanel(page, request);
    await page.getByRole("tab", { name: "Plans" }).click();
    await page.getByTestId("admin-plan-row-pro").getByRole("button", { name: /Edit/ }).click();
    const dialog = page.getByRole("dialog", { name: "Edit plan Pro" });
    try {
      await dialog.getByLabel("Monthly price").fill("17.5");
      await dialog.getByRole("button", { name: "Save" }).click();
      await expect(dialog).toHaveCount(0);
      await expect(page.getByTestId("admin-plan-row-pro")).toContainText(/17\.50?/);

      const modal = (await onboardingModal(browser, request)).getByRole("dialog", { name: "Choose your plan" });
      await expect(modal.getByTestId("plan-card-pro")).toContainText(/\$17\.50?/);
      // The prerendered landing page reads its plans live, so it shows the new price at once.
      const landing = await page.context().newPage();
      await landing.goto("/");
      await expect(landing.getByTestId("plan-pro")).toContainText(/\$17\.50?/);
      await landing.close();

      await page.getByRole("tab", { name: "Audit log" }).click();
      await expect(page.getByRole("table").first()).toContainText("Changed plan Pro: price_monthly");
    } finally {
      const restored = await page.request.patch("/api/admin/plans/pro", { data: { price_monthly: 15 }, headers: ORIGIN });
      expect(restored.status()).toBe(200);
    }
  });

  test("an operator edits a language tier and 'View Languages' counts change", async ({ page, request, browser }) => {
    await openAdminPanel(page, request, undefined, 1);
    const api = page.request;
    const tiers = (await (await api.get("/api/admin/language-tiers")).json()).tiers as Array<{ id: string; languages: Record<string, string> }>;
    const extended = tiers.find((t) => t.id === "extended")!;
    try {
      await page.getByRole("tab", { name: "Language Tiers" }).click();
      await page.getByTestId("admin-tier-row-extended").getByRole("button", { name: /Edit/ }).click();
      const dialog = page.getByRole("dialog", { name: "Edit language tier extended" });
      const languages = dialog.getByLabel("Languages");
      await languages.fill(`${await languages.inputValue()}\neo: Esperanto\nnot a language line\n: nameless`);
      await expect(dialog.getByTestId("admin-tier-language-count")).toContainText("24 languages");
      await dialog.getByRole("button", { name: "Save" }).click();
      await expect(dialog).toHaveCount(0);

      const user = await onboardingModal(browser, request);
      const modal = user.getByRole("dialog", { name: "Choose your plan" });
      await modal.getByTestId("plan-card-pro").getByRole("button", { name: "View Languages" }).click();
      const list = user.getByRole("dialog", { name: "Pro: 34 languages" });
      await expect(list).toBeVisible();
      await expect(list).toContainText("Esperanto");
    } finally {
      expect((await api.patch("/api/admin/language-tiers/extended", { data: { languages: extended.languages }, headers: ORIGIN })).status()).toBe(200);
    }
  });

  test("deleting a user: a wrong word keeps the button disabled; DELETE removes them, their audio, and their sign-in", async ({ page, request, playwright }) => {
    const victim = await createUser(request, { name: "Ada Lovelace" });
    const victimId = await userIdOf(victim.email);
    const transcriptionId = await seedJfkTranscript(victim.email);
    expect(await storedKeys(`${victimId}/${transcriptionId}`)).toEqual([`${victimId}/${transcriptionId}/normalised.wav`]);

    await openAdminPanel(page, request);
    await page.getByLabel("Search users").fill(victim.email);
    const row = page.getByTestId(`admin-user-row-${victim.email}`);
    await expect(row).toBeVisible();
    await expect(page.locator('[data-testid^="admin-user-row-"]')).toHaveCount(1);
    await row.getByRole("button", { name: "Delete" }).click();

    const dialog = page.getByRole("dialog", { name: "Delete Ada Lovelace?" });
    const confirm = dialog.getByRole("button", { name: "Delete permanently" });
    const word = dialog.getByLabel("Type DELETE to confirm");
    await expect(confirm).toBeDisabled();
    await word.fill("delete");
    await expect(confirm).toBeDisabled();
    await expect(dialog.getByRole("alert")).toHaveText('Please type "DELETE" to confirm the deletion.');
    await word.press("Enter");
    await expect(await sql("select 1 from users where id = $1", [victimId])).toHaveLength(1);

    await word.fill("DELETE");
    await expect(confirm).toBeEnabled();
    await confirm.click();
    await expect(dialog).toHaveCount(0);
    await expect(page.getByRole("status").filter({ hasText: "has been permanently deleted" })).toHaveText(
      new RegExp(`User Ada Lovelace \\(${victim.email.replace(/[.]/g, "\\.")}\\) has been permanently deleted\\.`),
    );
    await expect(row).toHaveCount(0);

    expect(await sql("select 1 from users where id = $1", [victimId])).toHaveLength(0);
    expect(await sql("select 1 from transcriptions where user_id = $1", [victimId])).toHaveLength(0);
    expect(await storedKeys(victimId)).toEqual([]);
    const signIn = await (await clientFor(playwright)).post("/api/auth/sign-in/email", { data: victim, headers: ORIGIN });
    expect(signIn.status()).not.toBe(200);
  });

  test("an operator sees their own row with Deactivate and Delete disabled", async ({ page, request }) => {
    const operator = await openAdminPanel(page, request);
    await page.getByLabel("Search users").fill(operator.email);
    const row = page.getByTestId(`admin-user-row-${operator.email}`);
    await expect(row.getByRole("button", { name: "Delete" })).toBeDisabled();
    await expect(row.getByRole("button", { name: "Deactivate" })).toBeDisabled();
  });

  test("settings: the key cannot be edited; a bad number shows the spec's alert with the server's reason", async ({ page, request }) => {
    await openAdminPanel(page, request, "settings", 1);
    // Above the settings: the engine users get (this stack forces PocketSphinx, so no model download).
    const engine = page.getByTestId("admin-engine-status");
    await expect(engine).toContainText("In use: Offline English engine (sphinx).");
    // The web host runs no worker here: what it offers comes from the worker's heartbeat.
    await expect(engine).toContainText(/Worker on .+: Offline English engine, \d+ at once, \d+ live recordings, (idle|busy)\./);
    await expect(engine).toContainText("Automatic model download is off");
    await page.getByTestId("admin-setting-row-max_upload_mb").getByRole("button", { name: /Edit/ }).click();
    const dialog = page.getByRole("dialog", { name: "Edit setting" });
    await expect(dialog.getByLabel("Key")).toBeDisabled();
    await expect(dialog.getByLabel("Key")).toHaveValue("max_upload_mb");
    await dialog.getByLabel("Value").fill("abc");
    await dialog.getByRole("button", { name: "Save" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "Failed to save setting" })).toHaveText(
      "Failed to save setting: 422 - max_upload_mb must be a whole number from 1 to 10240.",
    );
    expect(await sql("select value from settings where key = 'max_upload_mb'")).toEqual([{ value: "2048" }]);
  });

  test("deactivate from the list, then the history dialog shows the user's subscription", async ({ page, request }) => {
    const creds = await createUser(request, { name: "Grace Hopper" });
    const { subscribe } = await import("./support/transcripts");
    await subscribe(creds.email, "pro");
    await openAdminPanel(page, request, undefined, 1);
    await page.getByLabel("Search users").fill(creds.email);
    const row = page.getByTestId(`admin-user-row-${creds.email}`);
    await expect(row).toContainText("Pro");
    await row.getByRole("button", { name: "Deactivate" }).click();
    await page.getByRole("dialog", { name: /^Deactivate / }).getByRole("button", { name: "Deactivate" }).click();
    // exact: "Deactivate" contains "activate", and role names match substrings otherwise.
    await expect(row.getByRole("button", { name: "Activate", exact: true })).toBeVisible();
    expect(await sql("select is_active from users where email = $1", [creds.email])).toEqual([{ is_active: false }]);

    await row.getByRole("button", { name: "History" }).click();
    const history = page.getByRole("dialog", { name: /Grace Hopper/ });
    const subscriptions = history.getByRole("table", { name: "Subscriptions" });
    await expect(subscriptions).toContainText("Pro");
    await expect(subscriptions).toContainText("Active");
    await expect(subscriptions).toContainText("Monthly");
    await expect(history.getByRole("table", { name: "Billing history" }).or(history.getByText("No billing events."))).toBeVisible();
  });
});
