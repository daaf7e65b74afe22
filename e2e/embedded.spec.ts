import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { expect, test, uniqueEmail } from "./support/fixtures";
import { E2E, EMBEDDED_URL } from "./support/stack-config";

/** The README's start command: PGlite under ./data, no SMTP (dev outbox), nothing else. */
test("embedded mode: plans from PGlite, sign-up mail in the outbox, verified user on the dashboard", async ({ page }) => {
  await page.goto(EMBEDDED_URL + "/");
  await expect(page.getByTestId("plan-premium")).toContainText("97 languages");
  // Anyone learns only that it is up; details are for operators.
  expect(await (await page.request.get(EMBEDDED_URL + "/api/health")).json()).toEqual({ status: "ok" });

  const email = uniqueEmail("embedded");
  await page.goto(EMBEDDED_URL + "/signup");
  await page.getByLabel("Name").fill("Emma Bedded");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill("correct horse 9");
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page.getByTestId("signup-done")).toBeVisible();

  // The app's own worker sends the queued mail within a moment.
  const lastMail = () => {
    const outbox = path.join(E2E.embeddedDataDir, "dev-outbox.jsonl");
    const lines = existsSync(outbox) ? readFileSync(outbox, "utf8").trim().split("\n") : [];
    return lines.length ? (JSON.parse(lines.at(-1)!) as { to: string; text: string }) : null;
  };
  await expect.poll(() => lastMail()?.to, { timeout: 15_000 }).toBe(email);
  const mail = lastMail()!;
  await page.goto(/(https?:\/\/\S+)/.exec(mail.text)![1]);
  await page.getByLabel("Password").fill("correct horse 9");
  await page.getByRole("button", { name: "Confirm and log in" }).click();
  await expect(page).toHaveURL(`${EMBEDDED_URL}/dashboard`);
  // A brand-new account is offered the plans once.
  await page.getByRole("dialog", { name: "Choose your plan" }).getByRole("button", { name: "Stay on Free Plan for Now" }).click();
  await expect(page.getByRole("heading", { name: "Welcome, Emma" })).toBeVisible();
  // No whisper model yet: the first start is downloading one, and says how far it is,
  // while the offline engine transcribes.
  await expect(page.getByRole("status").filter({ hasText: "Preparing the speech engine" })).toContainText(
    /Preparing the speech engine: \d+ %\. When it is ready, more languages and better accuracy; until then, the Offline English engine transcribes\./,
  );
});
