import type { Page } from "@playwright/test";
import { ORIGIN, createUser, expect, logInViaApi, sql, test } from "./support/fixtures";

/** Buys a plan through the demo provider's API, as the checkout page does. */
async function buy(page: Page, planId: "pro" | "premium") {
  const res = await page.request.post("/api/subscriptions/create-checkout-session", { data: { plan_id: planId, billing_interval: "monthly" }, headers: ORIGIN });
  expect(res.status(), await res.text()).toBe(200);
  const { checkout_url } = await res.json();
  expect(checkout_url).toMatch(/^\/billing\/demo-checkout\/[0-9a-f-]{36}$/);
  const id = checkout_url.split("/").pop();
  expect((await page.request.post(`/api/billing/demo/${id}/complete`, { headers: ORIGIN })).status()).toBe(200);
}

test("a new user sees the onboarding modal once: toggle, View Languages, Stay on Free", async ({ page, request }) => {
  const creds = await createUser(request, {}, { onboarding: true });
  await logInViaApi(page, creds);
  await page.goto("/dashboard");
  const modal = page.getByRole("dialog", { name: "Choose your plan" });
  await expect(modal).toBeVisible();
  await expect(modal.getByRole("heading", { name: "Pro" })).toBeVisible();
  await expect(modal.getByRole("heading", { name: "Premium" })).toBeVisible();
  await expect(modal.getByRole("heading", { name: "Enterprise" })).toHaveCount(0);
  await expect(modal).toContainText("$15");
  await modal.getByRole("button", { name: "Annual" }).click();
  await expect(modal.getByRole("button", { name: "Annual" })).toHaveAttribute("aria-pressed", "true");
  await expect(modal).toContainText("$12");
  await expect(modal).toContainText("$24");
  await expect(modal).toContainText("16 hours per month");
  await expect(modal).toContainText("97 languages");

  await modal.getByTestId("plan-card-premium").getByRole("button", { name: "View Languages" }).click();
  const languages = page.getByRole("dialog", { name: "Premium: 97 languages" });
  await expect(languages).toBeVisible();
  await expect(languages).toContainText("Swahili");
  await page.keyboard.press("Escape");
  await expect(languages).toHaveCount(0);

  await modal.getByRole("button", { name: "Stay on Free Plan for Now" }).click();
  await expect(modal).toHaveCount(0);
  await expect.poll(async () => (await sql<{ seen: Date | null }>("select onboarding_seen_at as seen from users where email = $1", [creds.email]))[0].seen).not.toBeNull();
  await page.reload();
  await expect(page.getByTestId("usage")).toBeVisible();
  await expect(page.getByRole("dialog", { name: "Choose your plan" })).toHaveCount(0);
});

test("demo checkout: free → Pro from the account page; the account shows Pro on trial", async ({ page, request }) => {
  const creds = await createUser(request);
  await logInViaApi(page, creds);
  await page.goto("/account");
  await expect(page.getByTestId("plan-plan")).toHaveText("Free");
  await page.getByRole("button", { name: "Change plan" }).click();
  const modal = page.getByRole("dialog", { name: "Choose your plan" });
  await modal.getByRole("button", { name: "Choose Pro" }).click();
  await expect(page).toHaveURL(/\/billing\/demo-checkout\//);
  await expect(page.getByText(/TEST PAYMENT/)).toBeVisible();
  await page.getByRole("button", { name: "Complete test payment" }).click();
  await expect(page).toHaveURL(/\/account\?checkout=success/);
  await expect(page.getByTestId("plan-plan")).toHaveText("Pro");
  await expect(page.getByTestId("plan-status")).toHaveText("Trial (7d left)");
  await expect(page.getByTestId("plan-billing")).toHaveText("Monthly");
  const [event] = await sql<{ event_type: string }>(
    "select e.event_type from billing_events e join users u on u.id = e.user_id where u.email = $1",
    [creds.email],
  );
  expect(event.event_type).toBe("subscription_created");

  // The dashboard's upgrade entry opens the same modal, which now knows the plan.
  await page.goto("/dashboard");
  await expect(page.getByTestId("usage")).toContainText("Pro plan");
  await page.getByRole("button", { name: "Upgrade" }).click();
  await expect(page.getByRole("dialog", { name: "Choose your plan" }).getByRole("button", { name: "Current Plan" })).toBeDisabled();

  // Cancel at period end, then resume.
  await page.goto("/account");
  await page.getByRole("button", { name: "Cancel at period end" }).click();
  await page.getByRole("dialog", { name: "Cancel your subscription?" }).getByRole("button", { name: "Cancel at period end" }).click();
  await expect(page.getByText("Ends on")).toBeVisible();
  await page.getByRole("button", { name: "Resume subscription" }).click();
  await expect(page.getByText("Renews on")).toBeVisible();
});

test("premium → pro: confirm → 'Downgrade Scheduled Successfully!' → 'Downgrade Already Scheduled' after the reload", async ({ page, request }) => {
  const creds = await createUser(request);
  await logInViaApi(page, creds);
  await buy(page, "premium");
  // Above Premium there is Team (per seat): the dashboard still offers "Upgrade".
  await page.goto("/dashboard");
  await expect(page.getByTestId("usage")).toContainText("Premium plan");
  await expect(page.getByRole("button", { name: "Upgrade" })).toHaveCount(1);
  await page.goto("/account");
  await expect(page.getByTestId("plan-plan")).toHaveText("Premium");
  await page.getByRole("button", { name: "Change plan" }).click();
  const modal = page.getByRole("dialog", { name: "Choose your plan" });
  await modal.getByRole("button", { name: "Switch to Pro" }).click();
  const confirm = page.getByRole("dialog", { name: "Switch to Pro?" });
  await expect(confirm).toContainText("16 hours per month, 33 languages, basic AI formatting, standard support");
  await expect(confirm).toContainText("50 hours per month, 97 languages, advanced AI formatting, priority support");
  await confirm.getByRole("button", { name: "Confirm" }).click();
  await expect(page.getByText("Downgrade Scheduled Successfully!")).toBeVisible();
  await expect(page.getByText("You can continue using your current plan features until the end of your billing period.")).toBeVisible();

  // The page reloads by itself; afterwards the account shows the scheduled change.
  await expect(page.getByTestId("plan-scheduled-change")).toContainText("Pro (monthly) from", { timeout: 10_000 });
  await page.getByRole("button", { name: "Change plan" }).click();
  await expect(page.getByRole("dialog", { name: "Choose your plan" }).getByRole("button", { name: "Downgrade Already Scheduled" })).toBeDisabled();

  // Cancelling asks first and says the scheduled downgrade is dropped; afterwards one state shows.
  await page.keyboard.press("Escape");
  await page.getByRole("button", { name: "Cancel at period end" }).click();
  const cancelDialog = page.getByRole("dialog", { name: "Cancel your subscription?" });
  await expect(cancelDialog).toContainText("The scheduled change (Pro (monthly) from");
  await cancelDialog.getByRole("button", { name: "Cancel at period end" }).click();
  await expect(page.getByText("Ends on")).toBeVisible();
  await expect(page.getByTestId("plan-scheduled-change")).toHaveCount(0);
});

test("plan changes are checked on the server", async ({ page, request }) => {
  const creds = await createUser(request);
  await logInViaApi(page, creds);
  const post = (path: string, data: unknown) => page.request.post(path, { data: data as Record<string, unknown>, headers: ORIGIN });
  const cases: [string, unknown, number, string][] = [
    ["/api/subscriptions/create-checkout-session", { plan_id: "enterprise", billing_interval: "monthly" }, 400, "Invalid plan change."],
    ["/api/subscriptions/create-checkout-session", { plan_id: "free", billing_interval: "monthly" }, 400, "Invalid plan change."],
    ["/api/subscriptions/create-checkout-session", { plan_id: "pro", billing_interval: "weekly" }, 422, 'Billing interval must be "monthly" or "annual".'],
    ["/api/subscriptions/schedule-downgrade", { plan_id: "pro", billing_interval: "monthly" }, 400, "Invalid plan change."],
  ];
  for (const [path, body, status, detail] of cases) {
    const res = await post(path, body);
    expect(res.status(), `${path} ${JSON.stringify(body)}`).toBe(status);
    expect((await res.json()).detail).toBe(detail);
  }
  await buy(page, "pro");
  const down = await post("/api/subscriptions/schedule-downgrade", { plan_id: "pro", billing_interval: "monthly" });
  expect(down.status()).toBe(400);
  expect((await down.json()).detail).toBe("Invalid plan change.");
  const again = await post("/api/subscriptions/create-checkout-session", { plan_id: "pro", billing_interval: "monthly" });
  expect(again.status()).toBe(409);
  const current = await (await page.request.get("/api/subscriptions/current")).json();
  expect(current).toMatchObject({ plan_id: "pro", plan_name: "Pro", status: "trialing", billing_interval: "monthly", scheduled_plan_change: null });
  const plans = await (await request.get("/api/subscriptions/plans")).json();
  expect(plans.plans.map((p: { id: string }) => p.id)).toEqual(["free", "pro", "premium", "team", "enterprise"]);
  expect(Array.isArray(plans.plans[1].features)).toBe(true);
  expect(plans.language_tiers).toHaveLength(3);
  expect((await request.post("/api/webhooks/stripe", { data: "{}", headers: ORIGIN })).status()).toBe(404);
  expect((await request.get("/api/subscriptions/current")).status()).toBe(401);
});
