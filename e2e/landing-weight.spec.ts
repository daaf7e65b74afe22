import { expect, test } from "./support/fixtures";

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

test("the prerendered landing page holds its text once (not again in the React payload)", async ({ request }) => {
  const html = await (await request.get("/")).text();
  for (const text of ["Everything between the recording and the finished text", "Edit beside the audio and export."]) {
    expect(html.split(text)).toHaveLength(2);
  }
});
