import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { openAdminPanel } from "./support/admin";
import { ORIGIN, createUser, expect, logInViaApi, sql, test } from "./support/fixtures";
import { seedJfkTranscript, subscribe } from "./support/transcripts";
import { COLOR_THEMES } from "@/lib/theme/themes";

/** The WCAG rules whose outcome depends on the colours: all a scheme or theme can change. */
const COLOUR_RULES = ["color-contrast", "link-in-text-block"];

/**
 * Every page and dialog under axe-core (WCAG 2.0/2.1 A and AA), in the light and the dark
 * colour scheme: a serious or critical violation fails the test, listing the rule and where.
 * A scheme or a theme changes only colours, not the page's structure, so under the dark scheme
 * and the other themes (`coloursOnly`) only the colour rules run again.
 */
async function expectAccessibleIn(page: Page, where: string, { coloursOnly = false } = {}) {
  // The shell's spinner covers the page until the session check is done.
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  const axe = new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]);
  const { violations } = await (coloursOnly ? axe.withRules(COLOUR_RULES) : axe).analyze();
  const serious = violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => `${n.target.join(" ")}: ${(n.failureSummary ?? "").replace(/\s+/g, " ")}`).join(" | ")}`);
  // Soft: one run lists the violations of every page and dialog, not only the first.
  expect.soft(serious, `axe on ${where}`).toEqual([]);
}

for (const colorScheme of ["light", "dark"] as const) {
  test.describe(`${colorScheme} scheme`, () => {
    test.use({ colorScheme });
    const expectAccessible = (page: Page, where: string) => expectAccessibleIn(page, where, { coloursOnly: colorScheme === "dark" });

    test("public pages", async ({ page }) => {
      for (const path of ["/", "/login", "/signup", "/login-success", "/forgot-password", "/reset-password?token=not-a-token", "/verify-email", "/terms", "/no-such-page"]) {
        await page.goto(path);
        await expect(page.getByRole("main").first()).toBeVisible();
        await expectAccessible(page, path);
      }
    });

    test("a new user's pages and dialogs: onboarding, dashboard, transcript editor, account, plans", async ({ page, request }) => {
      test.setTimeout(120_000);
      const creds = await createUser(request, {}, { onboarding: true });
      const id = await seedJfkTranscript(creds.email, "Board call");
      await logInViaApi(page, creds);

      await page.goto("/dashboard");
      const onboarding = page.getByRole("dialog", { name: "Choose your plan" });
      await expect(onboarding.getByRole("button", { name: "Stay on Free Plan for Now" })).toBeVisible();
      await expectAccessible(page, "onboarding modal");
      await onboarding.getByTestId("plan-card-premium").getByRole("button", { name: "View Languages" }).click();
      await expect(page.getByRole("dialog", { name: "Premium: 97 languages" })).toBeVisible();
      await expectAccessible(page, "languages dialog");
      await page.keyboard.press("Escape");
      await onboarding.getByRole("button", { name: "Stay on Free Plan for Now" }).click();
      await expect(onboarding).toHaveCount(0);

      await expect(page.getByTestId("transcription-row")).toHaveCount(1);
      await expectAccessible(page, "/dashboard");
      await page.getByRole("button", { name: "Delete Board call" }).click();
      await expect(page.getByRole("dialog")).toBeVisible();
      await expectAccessible(page, "delete transcription confirm dialog");
      await page.keyboard.press("Escape");

      await page.goto(`/transcription/${id}`);
      await expect(page.getByTestId("transcript")).toContainText("country");
      await expectAccessible(page, "/transcription/[id] editor");
      await page.getByRole("button", { name: "Keyboard shortcuts" }).click();
      await expect(page.getByRole("dialog", { name: "Keyboard shortcuts" })).toBeVisible();
      await expectAccessible(page, "shortcuts dialog");
      await page.keyboard.press("Escape");
      await page.getByRole("button", { name: "Export" }).click();
      await expect(page.getByRole("dialog")).toBeVisible();
      await expectAccessible(page, "export menu");
      await page.getByRole("radio", { name: /\(\.pdf\)/ }).check();
      await page.getByRole("button", { name: "Download" }).click();
      await expect(page.getByRole("dialog").getByRole("alert")).toBeVisible();
      await expectAccessible(page, "export menu with the upgrade hint");
      await page.keyboard.press("Escape");

      // A transcription still waiting: the status and the notification offer.
      await sql("update transcriptions set status = 'queued', progress = 0, completed_at = null, updated_at = now() where id = $1", [id]);
      await page.goto(`/transcription/${id}`);
      await expect(page.getByText("Waiting for a free transcriber…")).toBeVisible();
      await expectAccessible(page, "/transcription/[id] queued");

      await page.goto("/account");
      await expect(page.getByTestId("plan-plan")).toHaveText("Free");
      await expectAccessible(page, "/account");
      await page.getByRole("button", { name: "Change plan" }).click();
      await expect(page.getByRole("dialog", { name: "Choose your plan" }).getByRole("button", { name: "Choose Pro" })).toBeVisible();
      await expectAccessible(page, "plan change dialog");
      await page.keyboard.press("Escape");
      await page.getByRole("button", { name: "Delete my account" }).click();
      await expect(page.getByRole("dialog")).toBeVisible();
      await expectAccessible(page, "delete account dialog");
      await page.keyboard.press("Escape");

      // A plan chosen on the landing page leads here (through sign-up when needed).
      await page.goto("/billing/checkout/team");
      await expect(page.getByRole("button", { name: "Continue to checkout for Team" })).toBeVisible();
      await expectAccessible(page, "/billing/checkout/[plan]");

      const res = await page.request.post("/api/subscriptions/create-checkout-session", { data: { plan_id: "pro", billing_interval: "monthly" }, headers: ORIGIN });
      expect(res.status(), await res.text()).toBe(200);
      await page.goto((await res.json()).checkout_url);
      await expect(page.getByRole("button", { name: "Complete test payment" })).toBeVisible();
      await expectAccessible(page, "/billing/demo-checkout");
    });

    test("a Premium subscriber's billing dialogs", async ({ page, request }) => {
      const creds = await createUser(request);
      await subscribe(creds.email, "premium");
      await logInViaApi(page, creds);
      await page.goto("/account");
      await expect(page.getByTestId("plan-plan")).toHaveText("Premium");
      await expectAccessible(page, "/account on Premium");
      await page.getByRole("button", { name: "Change plan" }).click();
      await page.getByRole("dialog", { name: "Choose your plan" }).getByRole("button", { name: "Switch to Pro" }).click();
      await expect(page.getByRole("dialog", { name: "Switch to Pro?" })).toBeVisible();
      await expectAccessible(page, "downgrade confirm dialog");
      await page.keyboard.press("Escape");
      await page.keyboard.press("Escape");
      await page.getByRole("button", { name: "Cancel at period end" }).click();
      await expect(page.getByRole("dialog", { name: "Cancel your subscription?" })).toBeVisible();
      await expectAccessible(page, "cancel subscription confirm dialog");
    });

    test("the mobile menu at 375 px", async ({ page, request }) => {
      await page.setViewportSize({ width: 375, height: 740 });
      const creds = await createUser(request);
      await logInViaApi(page, creds);
      await page.goto("/dashboard");
      await expect(page.getByTestId("usage")).toBeVisible();
      await expectAccessible(page, "/dashboard at 375 px");
      await page.getByRole("button", { name: "Theme" }).click();
      await expect(page.getByRole("menu")).toBeVisible();
      await expectAccessible(page, "theme menu");
      await page.keyboard.press("Escape");
      await page.getByRole("button", { name: "Open menu" }).click();
      await expect(page.getByRole("dialog").getByRole("link", { name: "Dashboard" })).toBeFocused();
      await expectAccessible(page, "mobile menu");
    });
  });
}

  // One operator sign-in for both schemes: sign-in is rate-limited per address, and other specs sign in as operators too.
test("the admin panel, its tabs and dialogs, light and dark", async ({ page, request }) => {
  test.setTimeout(180_000);
  const someone = await createUser(request, { name: "Ada Lovelace" });
  await openAdminPanel(page, request);
  for (const colorScheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme });
    await page.goto("/admin");
    await page.getByLabel("Search users").fill(someone.email);
    const row = page.getByTestId(`admin-user-row-${someone.email}`);
    await expect(page.locator('[data-testid^="admin-user-row-"]')).toHaveCount(1);
    const expectAccessible = (page: Page, where: string) => expectAccessibleIn(page, where, { coloursOnly: colorScheme === "dark" });
    await expectAccessible(page, `/admin users, ${colorScheme}`);
    for (const [name, dialog] of [
      ["History", /Ada Lovelace/],
      ["Deactivate", /^Deactivate /],
      ["Delete", "Delete Ada Lovelace?"],
    ] as const) {
      await row.getByRole("button", { name }).click();
      await expect(page.getByRole("dialog", { name: dialog })).toBeVisible();
      await expectAccessible(page, `admin ${name} dialog, ${colorScheme}`);
      await page.keyboard.press("Escape");
      await expect(page.getByRole("dialog")).toHaveCount(0);
    }

    for (const [tab, rowId, dialog] of [
      ["Plans", "admin-plan-row-pro", "Edit plan Pro"],
      ["Language Tiers", "admin-tier-row-extended", "Edit language tier extended"],
      ["Settings", "admin-setting-row-max_upload_mb", "Edit setting"],
    ] as const) {
      await page.getByRole("tab", { name: tab }).click();
      await expect(page.getByTestId(rowId)).toBeVisible();
      await expectAccessible(page, `/admin ${tab} tab, ${colorScheme}`);
      await page.getByTestId(rowId).getByRole("button", { name: /Edit/ }).click();
      await expect(page.getByRole("dialog", { name: dialog })).toBeVisible();
      await expectAccessible(page, `${dialog}, ${colorScheme}`);
      await page.keyboard.press("Escape");
    }
    await page.getByRole("tab", { name: "Audit log" }).click();
    await expect(page.getByRole("tab", { name: "Audit log", selected: true })).toBeVisible();
    await expect(page.getByText("Loading the audit log…")).toHaveCount(0);
    await expectAccessible(page, `/admin Audit log tab, ${colorScheme}`);
  }
});

test("every colour theme, light and dark: the transcript editor, where the accent colour is used most", async ({ page, request }) => {
  test.setTimeout(120_000);
  const creds = await createUser(request);
  const id = await seedJfkTranscript(creds.email, "Board call");
  await logInViaApi(page, creds);
  for (const theme of COLOR_THEMES) {
    for (const colorScheme of ["light", "dark"] as const) {
      await page.emulateMedia({ colorScheme });
      // The theme menu stores the choice here; the boot script applies it before first paint.
      await page.addInitScript((t) => localStorage.setItem("verbatim-color-theme", t), theme);
      await page.goto(`/transcription/${id}`);
      await expect(page.locator("html")).toHaveClass(new RegExp(`theme-${theme}`));
      await expect(page.getByTestId("transcript")).toContainText("country");
      // The editor's structure is checked under every rule in the light scheme's tests above.
      await expectAccessibleIn(page, `editor in ${theme}, ${colorScheme}`, { coloursOnly: true });
    }
  }
});

/** The name of the focused control: its label, else its text. */
function focusedName(page: Page): Promise<string> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return "";
    const label = el.getAttribute("aria-label") ?? (el.id ? document.querySelector(`label[for="${el.id}"]`)?.textContent : null);
    return (label ?? el.textContent ?? "").trim();
  });
}

/** The names of the controls Tab reaches, in order. */
async function tabStops(page: Page, count: number): Promise<string[]> {
  const names: string[] = [];
  for (let i = 0; i < count; i++) {
    await page.keyboard.press("Tab");
    names.push(await focusedName(page));
  }
  return names;
}

test("keyboard: Tab reaches the skip link, the navigation and the page's controls; the skip link passes the navigation", async ({ page, request }) => {
  const creds = await createUser(request);
  const id = await seedJfkTranscript(creds.email, "Board call");
  await logInViaApi(page, creds);
  await page.goto("/dashboard");
  await expect(page.getByTestId("transcription-row")).toHaveCount(1);

  // Tab cycles through the page (and the browser's own stop, ""): one full round, from the skip link.
  const round = await tabStops(page, 40);
  const start = round.indexOf("Skip to content");
  expect(start, `reached: ${round.join(" → ")}`).toBeGreaterThanOrEqual(0);
  const cycle = [...round.slice(start), ...round.slice(0, start)];
  const order = ["Skip to content", "Dashboard", "Theme", `Account settings for ${creds.email}`, "Logout", "Language", "Choose audio files", "Record microphone", "Search transcriptions", "Board call", "Delete Board call"];
  const positions = order.map((name) => cycle.indexOf(name));
  expect(positions.every((p) => p >= 0), `reached: ${cycle.join(" → ")}`).toBe(true);
  expect([...positions].sort((a, b) => a - b), `order: ${cycle.join(" → ")}`).toEqual(positions);

  // The skip link is visible when focused, and Enter on it takes the next Tab past the navigation.
  const skip = page.getByRole("link", { name: "Skip to content" });
  await skip.focus();
  await expect(skip).toBeVisible();
  await page.keyboard.press("Enter");
  expect(await tabStops(page, 1)).toEqual([cycle[cycle.indexOf("Logout") + 1]]);

  // The transcript opens and its tools are reached without a mouse; Escape gives focus back.
  await page.getByRole("link", { name: "Board call" }).focus();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(new RegExp(`/transcription/${id}$`));
  await expect(page.getByTestId("transcript")).toContainText("country");
  const editorStops = await tabStops(page, 40);
  for (const name of ["Skip to content", "Back to dashboard", "Export", "Keyboard shortcuts"]) {
    expect(editorStops.some((s) => s.includes(name)), `${name} in ${editorStops.join(" → ")}`).toBe(true);
  }
  await page.getByRole("button", { name: "Export" }).focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("dialog", { name: "Export" })).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(page.getByRole("button", { name: "Export" })).toBeFocused();
});
