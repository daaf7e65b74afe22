import { ORIGIN, createUser, expect, logInViaApi, sql, test } from "./support/fixtures";

/**
 * Team: priced per seat. Bought through the change-plan dialog and the demo checkout (seats
 * chosen there, as Stripe Checkout's adjustable quantity), changed on the account page.
 */
test("buying Team with seats, then changing them on the account page", async ({ page, request }) => {
  const creds = await createUser(request);
  await logInViaApi(page, creds);
  await page.goto("/account");
  await page.getByRole("button", { name: "Change plan" }).click();
  const modal = page.getByRole("dialog", { name: "Choose your plan" });
  const team = modal.getByTestId("plan-card-team");
  await expect(team).toContainText("$20 per seat / month");
  await expect(team).toContainText("40 hours per seat per month, shared by the team");
  await expect(team).toContainText("Team management");
  await team.getByRole("button", { name: "Choose Team" }).click();

  await expect(page).toHaveURL(/\/billing\/demo-checkout\/[0-9a-f-]{36}\?seats=3&min=1$/);
  await expect(page.getByText("$20 per seat per month")).toBeVisible();
  const seats = page.getByLabel("Seats");
  await expect(seats).toHaveValue("3");
  await seats.fill("0");
  await page.getByRole("button", { name: "Complete test payment" }).click();
  await expect(page.getByText("Choose a whole number of seats from 1 to 500.")).toBeVisible();
  await seats.fill("4");
  // The total before paying, not only the price of one seat.
  await expect(page.getByTestId("checkout-total")).toHaveText("Total: $80 per month (4 seats × $20), after the 7-day trial");
  await page.getByRole("button", { name: "Complete test payment" }).click();

  await expect(page).toHaveURL(/\/account\?checkout=success/);
  await expect(page.getByTestId("plan-plan")).toHaveText("Team");
  await expect(page.getByTestId("plan-seats")).toHaveText("4 (1 taken)");
  await expect(page.getByTestId("plan-usage-this-period")).toContainText("4 seats");
  // The trial gives one seat's hours, and says so where the hours are shown.
  await expect(page.getByTestId("plan-usage-this-period")).toContainText(/The trial gives one seat's hours; the hours of all 4 seats arrive when it ends on \d{1,2} \w+ \d{4}\./);

  // What the change costs is said before "Update seats" charges it.
  const field = page.getByRole("form", { name: "Change seats" }).getByLabel("Seats");
  await field.fill("6");
  await expect(page.getByTestId("seats-quote")).toHaveText(/^Nothing is charged during the trial; you will pay \$120 per month for 6 seats from \d{1,2} \w+ \d{4}\.$/);
  // Once the trial is over, the prorated amount due now.
  await sql("update subscriptions set status = 'active', trial_end = null where user_id = (select id from users where email = $1)", [creds.email]);
  await field.fill("7");
  await expect(page.getByTestId("seats-quote")).toHaveText(/^3 more seats cost \$\d+\.\d\d now, prorated to \d{1,2} \w+ \d{4}; then you pay \$140 per month for 7 seats\.$/);
  await field.fill("6");
  await page.getByRole("button", { name: "Update seats" }).click();
  await expect(page.getByText("Your plan now has 6 seats.")).toBeVisible();
  await expect(page.getByTestId("plan-seats")).toHaveText("6 (1 taken)");
  const [row] = await sql<{ seats: number }>("select s.seats from subscriptions s join users u on u.id = s.user_id where u.email = $1 and s.status in ('active', 'trialing')", [creds.email]);
  expect(row.seats).toBe(6);
  // The billing history lists the purchase and the seat change, newest first.
  const history = page.getByRole("region", { name: "Billing history" }).getByRole("listitem");
  await expect(history.nth(0)).toContainText("Seats changed from 4 to 6 on Team (monthly)");
  await expect(history.nth(1)).toContainText(/^Started a Team trial \(monthly, 4 seats\)/);
});

test("the seats API: a sentence for every bad request", async ({ page, request }) => {
  const creds = await createUser(request);
  await logInViaApi(page, creds);
  const post = (data: unknown) => page.request.post("/api/subscriptions/seats", { data, headers: ORIGIN });

  // No per-seat subscription yet.
  const none = await post({ seats: 3 });
  expect(none.status()).toBe(409);
  expect((await none.json()).detail).toBe("You have no running subscription.");

  const checkout = await page.request.post("/api/subscriptions/create-checkout-session", { data: { plan_id: "team", billing_interval: "monthly", seats: 2 }, headers: ORIGIN });
  expect(checkout.status()).toBe(200);
  const id = (await checkout.json()).checkout_url.split("/").pop().split("?")[0];
  expect((await page.request.post(`/api/billing/demo/${id}/complete`, { data: { seats: 2 }, headers: ORIGIN })).status()).toBe(200);

  for (const seats of [0, 501, 2.5, "5", null]) {
    const res = await post({ seats });
    expect(res.status()).toBe(422);
    expect((await res.json()).detail).toBe("Choose a whole number of seats from 1 to 500.");
  }
  const ok = await post({ seats: 5 });
  expect(ok.status()).toBe(200);
  expect(await ok.json()).toMatchObject({ plan_id: "team", plan_per_seat: true, seats: 5 });

  const badCheckout = await page.request.post("/api/subscriptions/create-checkout-session", { data: { plan_id: "team", billing_interval: "annual", seats: 9000 }, headers: ORIGIN });
  expect(badCheckout.status()).toBe(422);
});

test("the landing page prices Team per seat", async ({ page }) => {
  await page.goto("/");
  const card = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: "Team" }) });
  await expect(card).toContainText("$20 per seat / month");
  await expect(card).toContainText("or $16 per seat / month billed annually");
});
