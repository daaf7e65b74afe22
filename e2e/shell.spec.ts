import { createUser, expect, logInThroughForm, logInViaApi, test } from "./support/fixtures";

const NOT_FOUND = "Sorry, the page you are looking for does not exist.";

test.describe("navigation", () => {
  test("desktop top bar: Dashboard, picture, account button with the email, Logout; no Admin for users", async ({ page, request }) => {
    const creds = await createUser(request, { name: "Alan Turing" });
    await logInViaApi(page, creds);
    await page.goto("/account");
    const nav = page.getByRole("navigation", { name: "Main" });
    await expect(nav.getByRole("link", { name: "Dashboard" })).toBeVisible();
    await expect(nav.getByRole("img", { name: "Alan Turing's profile picture" })).toBeVisible();
    await expect(nav.getByRole("link", { name: "Admin" })).toHaveCount(0);
    await nav.getByRole("link", { name: creds.email }).click();
    await expect(page).toHaveURL(/\/account$/);
    await nav.getByRole("link", { name: "Dashboard" }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test("no top bar on / and /login", async ({ page, request }) => {
    await page.goto("/login");
    await expect(page.getByRole("navigation", { name: "Main" })).toHaveCount(0);
    await logInViaApi(page, await createUser(request));
    await page.goto("/");
    await expect(page.getByRole("navigation", { name: "Main" })).toHaveCount(0);
    await page.goto("/terms");
    await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();
  });

  test("375 px: the slide-in menu, closed by Escape and by widening to 640 px", async ({ page, request }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await logInViaApi(page, await createUser(request));
    await page.goto("/dashboard");
    await expect(page.getByRole("link", { name: "Logout" })).toHaveCount(0);
    await page.getByRole("button", { name: "Open menu" }).click();
    const menu = page.getByRole("dialog");
    for (const name of ["Dashboard", "Account Settings"]) await expect(menu.getByRole("link", { name })).toBeVisible();
    await expect(menu.getByRole("button", { name: "Logout" })).toBeVisible();
    await expect(menu.getByRole("link", { name: "Admin Panel" })).toHaveCount(0);
    await page.keyboard.press("Escape");
    await expect(menu).toHaveCount(0);

    await page.getByRole("button", { name: "Open menu" }).click();
    await expect(page.getByRole("dialog")).toBeVisible();
    await page.setViewportSize({ width: 640, height: 740 });
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await page.setViewportSize({ width: 375, height: 740 });

    await page.getByRole("button", { name: "Open menu" }).click();
    await page.getByRole("dialog").getByRole("link", { name: "Account Settings" }).click();
    await expect(page).toHaveURL(/\/account$/);
    await page.getByRole("button", { name: "Open menu" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Logout" }).click();
    await expect(page).toHaveURL(/\/login$/);
  });

  test("the colour theme is applied as theme-{name} on <html> and survives a reload", async ({ page, request }) => {
    await page.goto("/");
    await expect(page.locator("html")).toHaveClass(/\btheme-blue\b/);
    await logInViaApi(page, await createUser(request));
    await page.goto("/dashboard");
    await page.getByRole("button", { name: "Theme" }).click();
    await page.getByRole("menuitemradio", { name: "Purple" }).click();
    await expect(page.locator("html")).toHaveClass(/\btheme-purple\b/);
    await expect(page.locator("html")).not.toHaveClass(/\btheme-blue\b/);
    // Record <html>'s classes at the moment <body> is parsed, before anything is painted
    // or hydrated: the stored theme must already be there (no flash of the default).
    await page.addInitScript(() => {
      new MutationObserver((_, observer) => {
        if (!document.body) return;
        (window as unknown as { classAtBody: string }).classAtBody = document.documentElement.className;
        observer.disconnect();
      }).observe(document, { childList: true, subtree: true });
    });
    await page.reload();
    await expect(page.locator("html")).toHaveClass(/\btheme-purple\b/);
    expect(await page.evaluate(() => (window as unknown as { classAtBody: string }).classAtBody)).toMatch(/\btheme-purple\b/);
    await page.getByRole("button", { name: "Theme" }).click();
    await page.getByRole("menuitemradio", { name: "Dark" }).click();
    await expect(page.locator("html")).toHaveClass(/\bdark\b/);
    // Dark is applied before paint too, on the prerendered landing page as on the others.
    await page.goto("/");
    expect(await page.evaluate(() => (window as unknown as { classAtBody: string }).classAtBody)).toMatch(/\bdark\b/);
    // "System" follows the system's own switch while the page is open.
    await page.goto("/dashboard");
    await page.getByRole("button", { name: "Theme" }).click();
    await page.getByRole("menuitemradio", { name: "System" }).click();
    await page.emulateMedia({ colorScheme: "dark" });
    await expect(page.locator("html")).toHaveClass(/\bdark\b/);
    await page.emulateMedia({ colorScheme: "light" });
    await expect(page.locator("html")).not.toHaveClass(/\bdark\b/);
  });
});

test("the full-screen Loading... screen stays until the session check answers", async ({ page, request }) => {
  await logInViaApi(page, await createUser(request));
  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));
  await page.route("**/api/me", async (route) => {
    await held;
    await route.continue();
  });
  await page.goto("/dashboard", { waitUntil: "domcontentloaded" });
  const loading = page.getByRole("status").filter({ hasText: "Loading..." });
  await expect(loading).toBeVisible();
  await page.waitForTimeout(500);
  await expect(loading).toBeVisible();
  release();
  await expect(loading).toHaveCount(0);
  await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();
});

test.describe("routing rules", () => {
  test("footer only on / with its links", async ({ page }) => {
    await page.goto("/");
    const footer = page.getByRole("contentinfo");
    for (const name of ["Home", "Login", "About us", "Terms and Conditions"]) await expect(footer.getByRole("link", { name })).toBeVisible();
    await expect(footer).toContainText("Follow Us: Coming soon");
    await footer.getByRole("link", { name: "About us" }).click();
    await expect(page.getByText(NOT_FOUND)).toBeVisible();
    await expect(page.getByRole("contentinfo")).toHaveCount(0);
    await page.goto("/terms");
    await expect(page.getByRole("heading", { name: "Terms and privacy" })).toBeVisible();
    await expect(page.getByRole("contentinfo")).toHaveCount(0);
  });

  test("landing page sells the product with the plans from the plan data", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Transcription made easy, right in your browser");
    await expect(page.getByTestId("plan-pro")).toContainText("16 hours per month");
    await expect(page.getByTestId("plan-pro")).toContainText("33 languages");
    await expect(page.getByTestId("plan-premium")).toContainText("97 languages");
    await expect(page.getByTestId("plan-enterprise")).toContainText("Contact us");
    await page.getByRole("link", { name: "Start transcribing free" }).first().click();
    await expect(page).toHaveURL(/\/signup$/);
  });

  test("the landing page is one prerendered file; a signed-in visitor still gets the way to the dashboard", async ({ page, request }) => {
    const answer = await request.get("/");
    expect(answer.headers()["x-nextjs-prerender"]).toBeTruthy();
    expect(await answer.text()).not.toContain("Go to your dashboard");
    await logInViaApi(page, await createUser(request));
    await page.goto("/");
    await expect(page.getByRole("navigation", { name: "Site" }).getByRole("link", { name: "Dashboard" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Log in" })).toHaveCount(0);
    await expect(page.getByRole("link", { name: "Go to your dashboard" })).toHaveCount(2);
    // A paid plan's button leads a signed-in visitor to that plan's checkout (issue 40: the choice is kept).
    await expect(page.getByTestId("plan-pro").getByRole("link")).toHaveAttribute("href", "/billing/checkout/pro");
    await expect(page.getByTestId("plan-free").getByRole("link")).toHaveAttribute("href", "/dashboard");
  });

  test("404 page: the text, and its button goes home when logged out, to the dashboard when logged in", async ({ page, request }) => {
    const res = await page.goto("/no/such/page");
    expect(res?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: NOT_FOUND })).toBeVisible();
    await page.getByRole("link", { name: "Go to home page" }).click();
    await expect(page).toHaveURL(/\/$/);

    await logInViaApi(page, await createUser(request));
    await page.goto("/no/such/page");
    await page.getByRole("link", { name: "Go to dashboard" }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test("/transcription/{id} is behind the login gate; an unknown id is the 404 page", async ({ page, request }) => {
    await page.goto("/transcription/abc123");
    await expect(page).toHaveURL(/\/login\?next=%2Ftranscription%2Fabc123$/);
    await logInViaApi(page, await createUser(request));
    const res = await page.goto("/transcription/abc123");
    expect(res?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: NOT_FOUND })).toBeVisible();
  });

  test("protected route → /login → back after sign-in; logged in, /login goes to /dashboard", async ({ page, request }) => {
    const creds = await createUser(request);
    await page.goto("/account");
    await expect(page).toHaveURL(/\/login\?next=%2Faccount$/);
    await logInThroughForm(page, creds);
    await expect(page).toHaveURL(/\/account$/);
    await page.goto("/login");
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto("/signup");
    await expect(page).toHaveURL(/\/dashboard$/);
  });
});

test.describe("admin gate", () => {
  test("a user who is not an operator sees the refusal and is sent to /", async ({ page, request }) => {
    await logInViaApi(page, await createUser(request));
    await page.goto("/admin");
    await expect(page.getByText("You are not authorized to access this page.")).toBeVisible();
    await expect(page).toHaveURL(/127\.0\.0\.1:3100\/$/, { timeout: 10_000 });
  });

  test("is_admin without being on the allow-list shows the button but not the panel", async ({ page, request }) => {
    const creds = await createUser(request);
    const { sql } = await import("./support/fixtures");
    await sql("update users set is_admin = true where email = $1", [creds.email]);
    await logInViaApi(page, creds);
    await page.goto("/dashboard");
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Admin" }).click();
    await expect(page.getByText("You are not authorized to access this page.")).toBeVisible();
    await expect(page).toHaveURL(/127\.0\.0\.1:3100\/$/, { timeout: 10_000 });
  });

  test("an operator reaches the admin panel", async ({ page, request }) => {
    const creds = await createUser(request, { email: "ops1@verbatim.test", name: "Operator One" });
    await logInViaApi(page, creds);
    await page.goto("/dashboard");
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Admin" }).click();
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByRole("heading", { name: "Admin panel" })).toBeVisible();
    await expect(page.getByRole("tab", { name: "Users" })).toBeVisible();
  });
});
