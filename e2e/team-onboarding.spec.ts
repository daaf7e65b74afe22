import { randomUUID } from "node:crypto";
import type { Page } from "@playwright/test";
import { ORIGIN, createUser, expect, logInViaApi, linkIn, sql, test, uniqueEmail, waitForMail } from "./support/fixtures";
import { onTeamPlan, signedInPerson } from "./support/teams";
import { APP_URL } from "./support/stack-config";

/**
 * Issue 40 §1: an invitation survives sign-up and the verification mail, and a plan chosen on
 * the landing page survives them to its checkout; the plan dialog never covers either.
 */

async function signUp(page: Page, name: string, email: string, password: string) {
  await page.getByRole("textbox", { name: "Name" }).fill(name);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page.getByTestId("signup-done")).toContainText(email);
}

/** Opens the verification mail's link and confirms with the password, as the mail asks. */
async function verify(page: Page, email: string, password: string) {
  const link = linkIn(await waitForMail(email, /Verify your email/));
  await page.goto(link);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Confirm and log in" }).click();
}

test("an invitee who creates an account from the invitation lands on it after verifying, joins, and is never shown the plan dialog", async ({ page, playwright }) => {
  test.setTimeout(120_000);
  const { creds: owner, client } = await signedInPerson(playwright, APP_URL, "Olivia Owner");
  await onTeamPlan(owner.email, 5);
  const workspace = `Studio ${randomUUID().slice(0, 6)}`;
  const created = await client.post("/api/auth/organization/create", { headers: ORIGIN, data: { name: workspace, slug: `studio-${randomUUID().slice(0, 8)}` } });
  expect(created.status(), await created.text()).toBe(200);
  const workspaceId = ((await created.json()) as { id: string }).id;
  const email = uniqueEmail("invitee");
  const invited = await client.post("/api/auth/organization/invite-member", { headers: ORIGIN, data: { organizationId: workspaceId, email, role: "member" } });
  expect(invited.status(), await invited.text()).toBe(200);

  // Signed out, the mailed link asks to log in; the invitee has no account and creates one from there.
  const invitation = linkIn(await waitForMail(email, new RegExp(`invited you to ${workspace}`)));
  await page.goto(invitation);
  await expect(page).toHaveURL(/\/login\?next=%2Finvitations%2F/);
  await page.getByRole("link", { name: "Create an account" }).click();
  await expect(page).toHaveURL(/\/signup\?next=%2Finvitations%2F/);
  const password = "correct horse 9";
  await signUp(page, "Ivy Invitee", email, password);

  // The verification mail brings them back to the invitation, signed in.
  await verify(page, email, password);
  await expect(page).toHaveURL(new RegExp(`/invitations/${new URL(invitation).pathname.split("/").pop()}$`));
  await expect(page.getByRole("heading", { name: `Join ${workspace}` })).toBeVisible();
  await expect(page.getByRole("dialog", { name: "Choose your plan" })).toHaveCount(0);
  await page.getByRole("button", { name: "Accept and join" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole("heading", { name: `${workspace} — workspace` })).toBeVisible();

  // The owner pays for the seat: no plan dialog now, nor on the next visit.
  await page.reload();
  await expect(page.getByRole("heading", { name: `${workspace} — workspace` })).toBeVisible();
  await expect(page.getByRole("dialog", { name: "Choose your plan" })).toHaveCount(0);
});

test("a plan chosen on the landing page is carried through sign-up and verification to its checkout, and the plan dialog stays away", async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto("/");
  await page.getByTestId("plan-team").getByRole("link", { name: "Choose Team" }).click();
  await expect(page).toHaveURL(/\/signup\?next=%2Fbilling%2Fcheckout%2Fteam$/);
  const email = uniqueEmail("buyer");
  const password = "correct horse 9";
  await signUp(page, "Bea Buyer", email, password);

  await verify(page, email, password);
  await expect(page).toHaveURL(/\/billing\/checkout\/team$/);
  await expect(page.getByRole("heading", { name: "Start Team" })).toBeVisible();
  await expect(page.getByRole("dialog", { name: "Choose your plan" })).toHaveCount(0);
  await page.getByRole("radio", { name: /^Annual/ }).check();
  await page.getByRole("button", { name: "Continue to checkout for Team" }).click();
  await expect(page).toHaveURL(/\/billing\/demo-checkout\//);
  await expect(page.getByText(/TEST PAYMENT/)).toBeVisible();
  await expect(page.getByTestId("checkout-total")).toContainText(/^Total: \$\d+ per year \(3 seats × \$\d+\)/);

  // Left unpaid and reloaded, the checkout is not covered by the dialog; nor is the dashboard afterwards: a plan was chosen.
  await page.reload();
  await expect(page.getByText(/TEST PAYMENT/)).toBeVisible();
  await expect(page.getByRole("dialog", { name: "Choose your plan" })).toHaveCount(0);
  await page.goto("/dashboard");
  await expect(page.getByTestId("usage")).toBeVisible();
  await expect(page.getByRole("dialog", { name: "Choose your plan" })).toHaveCount(0);
  const [row] = await sql<{ seen: Date | null }>("select onboarding_seen_at as seen from users where email = $1", [email]);
  expect(row.seen).not.toBeNull();
});

test("a plan that cannot be bought online, or no plan at all, says so on the checkout page", async ({ page, request }) => {
  await logInViaApi(page, await createUser(request));
  for (const plan of ["enterprise", "no-such-plan", "x".repeat(300)]) {
    await page.goto(`/billing/checkout/${plan}`);
    await expect(page.getByRole("main").getByText("This plan cannot be bought online. Choose another plan from your dashboard.")).toBeVisible();
  }
});
