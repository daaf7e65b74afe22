import { createUser, expect, logInViaApi, test } from "./support/fixtures";

/**
 * Issue 29, item 10: the landing page's first seconds on a phone carry no zod and no plans;
 * the session check reads its answer without zod, and the plans load when the visitor heads
 * for them. Its text is in the prerendered file once.
 */
test.describe("landing page on a phone", () => {
  test.use({ viewport: { width: 375, height: 667 } });

  test("the plans load when the visitor heads for them, not with the page; no zod before that", async ({ page }) => {
    const requested: string[] = [];
    const scripts: string[] = [];
    page.on("request", (request) => requested.push(new URL(request.url()).pathname));
    page.on("response", (response) => {
      if (response.request().resourceType() === "script") scripts.push(response.url());
    });
    // The session check starts once the page has hydrated, which on a cold first load can come
    // after "networkidle" (half a second without requests): wait for the request itself.
    const sessionChecked = page.waitForRequest((request) => new URL(request.url()).pathname === "/api/me");
    await page.goto("/");
    await expect(page.getByRole("link", { name: "Sign up" })).toBeVisible();
    await sessionChecked;
    await page.waitForLoadState("networkidle");
    expect(requested).not.toContain("/api/subscriptions/plans");
    await expect(page.getByText("Loading plans…")).toBeAttached();
    const bodies = await Promise.all(scripts.map(async (url) => (await page.request.get(url)).text()));
    expect(bodies.some((body) => body.includes('"$ZodType"'))).toBe(false);

    await page.getByRole("link", { name: "See plans" }).click();
    await expect(page.getByTestId("plan-pro")).toBeVisible();
    expect(requested).toContain("/api/subscriptions/plans");
  });
});

/**
 * Issue 42: the landing page is painted and usable before the app's runtime; the runtime boots
 * on the visitor's first input, near the plans, for a signed-in visitor, or a few seconds after
 * the page has loaded (lib/landing/deferred-runtime.ts).
 */
test.describe("the landing page's runtime, booted when wanted", () => {
  test.use({ viewport: { width: 375, height: 667 } });
  const isRuntime = (url: string) => new URL(url).pathname.startsWith("/_next/static/chunks/") && url.endsWith(".js");

  test("signed out: the spinner goes after the page's own session check, no framework script loads until the visitor moves, then the page works as ever", async ({ page }) => {
    const runtime: string[] = [];
    page.on("request", (request) => {
      if (isRuntime(request.url())) runtime.push(request.url());
    });
    const sessionChecked = page.waitForResponse((response) => new URL(response.url()).pathname === "/api/me");
    await page.goto("/");
    expect((await sessionChecked).status()).toBe(401);
    await expect(page.getByRole("status")).toBeHidden();
    await expect(page.locator("[aria-busy=true]")).toHaveCount(0);
    await expect(page.getByRole("link", { name: "Sign up" })).toBeVisible();
    await page.waitForTimeout(1_500);
    expect(runtime).toEqual([]);

    await page.mouse.wheel(0, 200);
    await expect.poll(() => runtime.length).toBeGreaterThan(3);
    // Hydrated: the pricing section's own observer loads the plans when the visitor gets there.
    await page.getByRole("link", { name: "See plans" }).click();
    await expect(page.getByTestId("plan-pro")).toBeVisible();
    await expect(page.getByRole("status")).toBeHidden();
    // A soft navigation: the app's router is running.
    await page.getByRole("link", { name: "Start transcribing free" }).first().click();
    await expect(page).toHaveURL(/\/signup$/);
    await expect(page.getByRole("heading", { name: "Create your Verbatim account" })).toBeVisible();
  });

  test("a visitor who touches nothing gets the runtime a few seconds after the page loaded", async ({ page }) => {
    const booted = page.waitForRequest((request) => isRuntime(request.url()), { timeout: 15_000 });
    await page.goto("/");
    await booted;
  });

  test("signed in: the runtime boots at once and the spinner gives way to the way back to the dashboard", async ({ page, request }) => {
    await logInViaApi(page, await createUser(request));
    await page.goto("/");
    await expect(page.getByRole("link", { name: "Go to your dashboard" }).first()).toBeVisible({ timeout: 5_000 });
    await expect(page.getByRole("link", { name: "Sign up" })).toHaveCount(0);
    await expect(page.getByRole("status")).toBeHidden();
    await page.getByRole("link", { name: "Dashboard", exact: true }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
  });
});

test("on a wide screen the plans are near at once: the runtime boots with the page, and the spinner still goes after the session check", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto("/");
  await expect(page.getByRole("status")).toBeHidden({ timeout: 5_000 });
  await expect(page.getByTestId("plan-pro")).toBeVisible();
  await expect(page.getByRole("link", { name: "Sign up" })).toBeVisible();
});

test("the prerendered landing page holds its text once (not again in the React payload it boots)", async ({ request }) => {
  const html = await (await request.get("/")).text();
  const bootFile = /"(\/_next\/static\/landing\/[^"]+\.js)"/.exec(html)?.[1];
  expect(bootFile).toBeDefined();
  const boot = await (await request.get(bootFile!)).text();
  expect(boot).toContain("self.__next_f");
  for (const text of ["Everything between the recording and the finished text", "Edit beside the audio and export."]) {
    expect(html.split(text)).toHaveLength(2);
    expect(boot).not.toContain(text);
  }
});
