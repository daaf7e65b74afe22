import { openAdminPanel } from "./support/admin";
import { createUser, expect, logInViaApi, test } from "./support/fixtures";

/** Issue 16's rough edges that only a browser shows: widths, focus rings, keyboard focus. */

test("the onboarding modal shows no heavy default focus ring, only the app's accent ring on controls", async ({ page, request }) => {
  await logInViaApi(page, await createUser(request, {}, { onboarding: true }));
  await page.goto("/dashboard");
  const modal = page.getByRole("dialog", { name: "Choose your plan" });
  await expect(modal.getByTestId("plan-card-pro")).toBeVisible();
  const outline = await page.evaluate(() => {
    const style = getComputedStyle(document.activeElement as Element);
    return { style: style.outlineStyle, color: style.outlineColor };
  });
  // The browser's default ring is `auto` (a heavy dark double line); the app's is a solid accent line or none.
  expect(outline.style === "none" || (outline.style === "solid" && outline.color === "rgb(37, 99, 235)")).toBe(true);
});

test.describe("at 375 px", () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test("the admin page does not scroll sideways: its tables scroll inside their own box", async ({ page, request }) => {
    await openAdminPanel(page, request);
    await expect(page.getByRole("table", { name: "Users" })).toBeVisible();
    for (const tab of ["Users", "Workspaces", "Plans", "Language Tiers", "Settings", "Queue", "Audit log"]) {
      await page.getByRole("tab", { name: tab }).click();
      await expect(page.getByRole("tabpanel")).not.toContainText("Loading");
      const wide = await page.evaluate(() => ({
        width: document.documentElement.scrollWidth,
        // what sticks out, to say where a failure comes from
        // what sticks out, to say where a failure comes from: the page's width with each part hidden
        culprits: [...document.querySelectorAll("main *")]
          .filter((el) => el.children.length > 0 && el.getBoundingClientRect().height > 0)
          .map((el) => {
            const html = el as HTMLElement;
            const before = html.style.display;
            html.style.display = "none";
            const width = document.documentElement.scrollWidth;
            html.style.display = before;
            return { el, width };
          })
          .filter(({ width }) => width <= 375)
          .slice(-3)
          .map(({ el }) => `${el.tagName}.${el.className}: ${el.textContent?.slice(0, 40)}`),
      }));
      expect(wide.width, `${tab} tab: ${wide.culprits.join(" | ")}`).toBeLessThanOrEqual(375);
    }
  });

  test("Enter on the menu button focuses the first item; Logout is never the default", async ({ page, request }) => {
    await logInViaApi(page, await createUser(request));
    await page.goto("/dashboard");
    await page.getByRole("button", { name: "Open menu" }).focus();
    await page.keyboard.press("Enter");
    await expect(page.getByRole("dialog").getByRole("link", { name: "Dashboard" })).toBeFocused();
    await expect(page.getByRole("button", { name: "Logout" })).not.toBeFocused();
  });
});

test("the terms page leads back home", async ({ page }) => {
  await page.goto("/terms");
  await expect(page).toHaveTitle("Terms and privacy · Verbatim");
  await page.getByRole("link", { name: "Back to Verbatim" }).click();
  await expect(page).toHaveURL(/\/$/);
});

test("the site has an icon: /favicon.ico is served and pages link the SVG icon", async ({ page, request }) => {
  const ico = await request.get("/favicon.ico");
  expect(ico.status()).toBe(200);
  expect(ico.headers()["content-type"]).toContain("image/");
  await page.goto("/");
  const href = await page.locator('link[rel="icon"][type="image/svg+xml"]').getAttribute("href");
  expect(href).toMatch(/^\/icon\.svg/);
  expect((await request.get(href as string)).status()).toBe(200);
});

test("no PostHog key: the analytics library is never downloaded", async ({ page }) => {
  const scripts: string[] = [];
  page.on("response", (response) => {
    if (response.request().resourceType() === "script") scripts.push(response.url());
  });
  await page.goto("/login");
  await page.waitForLoadState("networkidle");
  const bodies = await Promise.all(scripts.map(async (url) => (await page.request.get(url)).text()));
  expect(bodies.some((body) => body.includes("__PosthogExtensions__"))).toBe(false);
});
