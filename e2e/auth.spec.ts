import { createUser, expect, linkIn, logInThroughForm, sql, test, uniqueEmail, waitForMail } from "./support/fixtures";

test("sign up → verification mail over SMTP → log in → dashboard → logout", async ({ page }) => {
  const email = uniqueEmail("signup");
  const password = "correct horse 9";
  await page.goto("/signup");
  await page.getByRole("textbox", { name: "Name" }).fill("Ada Lovelace");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page.getByTestId("signup-done")).toContainText(email);

  // Logging in before verifying is refused with a clear sentence (and a fresh link is sent).
  await page.goto("/login");
  await logInThroughForm(page, { email, password });
  await expect(page.getByRole("main").getByRole("alert")).toHaveText("Please verify your email address first. We have sent you a new verification link.");

  const mail = await waitForMail(email, /Verify your email/);
  await page.goto(linkIn(mail));
  // The link asks for the password once more (a password set before the address was
  // confirmed never counts), then signs the user in and forwards to the dashboard.
  await expect(page).toHaveURL(/\/verify-email\?token=/);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Confirm and log in" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  // A brand-new account is offered the plans once.
  await page.getByRole("dialog", { name: "Choose your plan" }).getByRole("button", { name: "Stay on Free Plan for Now" }).click();
  await expect(page.getByRole("heading", { name: "Welcome, Ada" })).toBeVisible();
  await expect(page.getByText("No transcriptions yet")).toBeVisible();

  await page.getByRole("button", { name: "Logout" }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.goto("/dashboard");
  await expect(page).toHaveURL(/\/login\?next=%2Fdashboard$/);

  await logInThroughForm(page, { email, password });
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole("link", { name: `Account settings for ${email}` })).toBeVisible();
});

test("an invalid verification link explains itself, also in the older link format", async ({ page }) => {
  await page.goto("/api/auth/verify-email?token=not-a-real-token&callbackURL=%2Flogin-success");
  await expect(page).toHaveURL(/\/verify-email\?token=not-a-real-token$/);
  await page.getByLabel("Password").fill("correct horse 9");
  await page.getByRole("button", { name: "Confirm and log in" }).click();
  await expect(page.getByRole("main").getByRole("alert")).toHaveText("This link is invalid or has expired. Request a new one.");
});

test("forgot password → mail over SMTP → reset → log in with the new password", async ({ page, request }) => {
  const creds = await createUser(request);
  await page.goto("/login");
  await page.getByRole("link", { name: "Forgot password?" }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);

  // The answer is the same whether or not the address has an account.
  const nobody = uniqueEmail("nobody");
  await page.getByLabel("Email").fill(nobody);
  await page.getByRole("button", { name: "Send reset link" }).click();
  await expect(page.getByRole("main").getByRole("status")).toContainText(`If an account uses ${nobody}`);
  await page.goto("/forgot-password");

  await page.getByLabel("Email").fill(creds.email);
  await page.getByRole("button", { name: "Send reset link" }).click();
  await expect(page.getByRole("main").getByRole("status")).toContainText(creds.email);

  const mail = await waitForMail(creds.email, /Reset your Verbatim password/);
  await page.goto(linkIn(mail));
  await expect(page).toHaveURL(/\/reset-password\?token=/);
  await page.getByLabel("New password", { exact: true }).fill("abc");
  await page.getByLabel("Repeat new password").fill("abc");
  await page.getByRole("button", { name: "Set new password" }).click();
  await expect(page.getByRole("main").getByRole("alert")).toHaveText("Choose a password of at least 8 characters.");

  const fresh = "a brand new pass 7";
  await page.getByLabel("New password", { exact: true }).fill(fresh);
  await page.getByLabel("Repeat new password").fill(fresh);
  await page.getByRole("button", { name: "Set new password" }).click();
  await expect(page).toHaveURL(/\/login\?notice=reset$/);
  await expect(page.getByRole("main").getByRole("status")).toHaveText("Your password has been changed. Log in with the new one.");

  await logInThroughForm(page, { email: creds.email, password: creds.password });
  await expect(page.getByRole("main").getByRole("alert")).toHaveText("Incorrect email or password. Try again or reset your password.");
  await logInThroughForm(page, { email: creds.email, password: fresh });
  await expect(page).toHaveURL(/\/dashboard$/);

  // The link works once.
  await page.goto(linkIn(mail));
  await expect(page.getByRole("main").getByRole("alert")).toHaveText("This link is invalid or has expired. Request a new one.");
});

test("a used or expired reset token is refused with the same clear text", async ({ page, request }) => {
  const creds = await createUser(request);
  await request.post("/api/auth/request-password-reset", {
    data: { email: creds.email, redirectTo: "/reset-password" },
    headers: { origin: "http://127.0.0.1:3100" },
  });
  const mail = await waitForMail(creds.email, /Reset your Verbatim password/);
  // This user's link only: other specs ask for resets at the same time.
  await sql("update verifications set expires_at = now() - interval '1 minute' where identifier like 'reset-password:%' and value = (select id from users where email = $1)", [creds.email]);
  await page.goto(linkIn(mail));
  await expect(page.getByRole("main").getByRole("alert")).toHaveText("This link is invalid or has expired. Request a new one.");
});
