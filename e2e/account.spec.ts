import { createUser, expect, logInThroughForm, logInViaApi, sql, test } from "./support/fixtures";
import { storedKeys } from "./support/storage";
import { seedJfkTranscript } from "./support/transcripts";

test("account page: rename, change password, delete the account", async ({ page, request }) => {
  const creds = await createUser(request, { name: "Old Name" });
  const [{ id: userId }] = await sql<{ id: string }>("select id from users where email = $1", [creds.email]);
  await seedJfkTranscript(creds.email);
  expect(await storedKeys(userId)).toHaveLength(1);
  await logInViaApi(page, creds);
  await page.goto("/account");

  await page.getByRole("textbox", { name: "Name" }).fill("New Name");
  await page.getByRole("button", { name: "Save name" }).click();
  await expect(page.getByText("Your name has been saved.")).toBeVisible();
  expect((await sql<{ name: string }>("select name from users where email = $1", [creds.email]))[0].name).toBe("New Name");

  await page.getByLabel("Current password").fill("wrong pass 123");
  await page.getByLabel("New password", { exact: true }).fill("another good one 5");
  await page.getByLabel("Repeat new password").fill("another good one 5");
  await page.getByRole("button", { name: "Change password" }).click();
  await expect(page.getByText("Your current password is not correct.")).toBeVisible();
  await page.getByLabel("Current password").fill(creds.password);
  await page.getByRole("button", { name: "Change password" }).click();
  await expect(page.getByText("Your password has been changed.", { exact: false })).toBeVisible();

  await page.getByRole("button", { name: "Delete my account" }).click();
  const dialog = page.getByRole("dialog");
  const confirm = dialog.getByRole("button", { name: "Delete account" });
  await expect(confirm).toBeDisabled();
  await dialog.getByLabel(`Type ${creds.email}`).fill(creds.email);
  await dialog.getByLabel("Password").fill("another good one 5");
  await confirm.click();
  await expect(page).toHaveURL(/\/login\?notice=deleted$/);
  expect(await sql("select id from users where email = $1", [creds.email])).toHaveLength(0);
  expect(await sql("select id from transcriptions where user_id = $1", [userId])).toHaveLength(0);
  expect(await storedKeys(userId)).toEqual([]);
  await logInThroughForm(page, { email: creds.email, password: "another good one 5" });
  await expect(page.getByRole("main").getByRole("alert")).toHaveText("Incorrect email or password. Try again or reset your password.");
});

test("account page: the 'transcript is ready' e-mail can be turned off and stays off", async ({ page, request }) => {
  const creds = await createUser(request);
  await logInViaApi(page, creds);
  await page.goto("/account");
  const setting = page.getByRole("checkbox", { name: "Email me when a long transcription is ready" });
  await expect(setting).toBeChecked();
  await setting.uncheck();
  await expect.poll(async () => (await sql<{ on: boolean }>("select email_when_done as on from users where email = $1", [creds.email]))[0].on).toBe(false);
  await page.reload();
  await expect(setting).not.toBeChecked();
});
