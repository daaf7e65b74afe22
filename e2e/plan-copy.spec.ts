import type { APIRequestContext, Page } from "@playwright/test";
import { PLAN_SEED } from "@/lib/billing/catalog";
import { coverageNote, planLanguages } from "@/lib/billing/language-coverage";
import { exportsSentence, planCardLines, trialLine } from "@/lib/billing/plan-feature-lines";
import type { ApiPlan, PlansAnswer } from "@/lib/api/contract/billing";
import { createUser, expect, logInViaApi, test } from "./support/fixtures";
import { seedJfkTranscript } from "./support/transcripts";

/** Issue 29: plans say what the gate table gives and what this server transcribes; customers read no operator words. */

/** Words that name what an operator does: never on a customer's page. */
const OPERATOR_WORDS = /administrator|whisper model|install/i;

async function catalogue(request: APIRequestContext): Promise<PlansAnswer> {
  const answer = await request.get("/api/subscriptions/plans");
  expect(answer.status()).toBe(200);
  return (await answer.json()) as PlansAnswer;
}

function planOf(plans: PlansAnswer, id: string): ApiPlan {
  const plan = plans.plans.find((p) => p.id === id);
  if (!plan) throw new Error(`no plan ${id} on sale`);
  return plan;
}

const languagesNoteOf = (plans: PlansAnswer, plan: ApiPlan) => coverageNote(planLanguages(plan, plans.language_tiers), plans.transcribed_languages);

async function openChangePlan(page: Page) {
  await page.goto("/account");
  await page.getByRole("button", { name: "Change plan" }).click();
  const dialog = page.getByRole("dialog", { name: "Choose your plan" });
  await expect(dialog.getByTestId("plan-card-pro")).toBeVisible();
  return dialog;
}

test("the change-plan dialog's cards list what the gate table gives each plan, the trial beside the price, and what this server transcribes", async ({ page, request }) => {
  const plans = await catalogue(request);
  await logInViaApi(page, await createUser(request));
  const dialog = await openChangePlan(page);
  const trial = trialLine(plans.trial_days, "signed-in");
  if (!trial) throw new Error("the e2e stack's trial_days setting is 0: there is no trial to show");
  for (const id of ["pro", "premium"]) {
    const plan = planOf(plans, id);
    const card = dialog.getByTestId(`plan-card-${id}`);
    const note = languagesNoteOf(plans, plan);
    const items = card.getByRole("list", { name: `${plan.name} includes` }).getByRole("listitem");
    const lines = planCardLines(plan, note, plans.unavailable_features);
    await expect(items).toHaveCount(lines.length);
    for (const [i, line] of lines.entries()) await expect(items.nth(i)).toHaveText(`${line.text}${line.note ?? ""}`);
    // A user who never subscribed gets the trial: it is said where the price is, not first at checkout.
    await expect(card).toContainText(trial);
    if (!note) await expect(card).not.toContainText("This server transcribes");
  }
  await expect(dialog.getByTestId("plan-card-pro")).toContainText("Export to TXT, SRT, WebVTT, Markdown, PDF and Word");

  // Checkout says it too.
  const pro = planOf(plans, "pro");
  await dialog.getByRole("button", { name: "Choose Pro" }).click();
  await expect(page).toHaveURL(/\/billing\/demo-checkout\//);
  const checkout = page.getByRole("region", { name: "Test checkout" });
  await expect(checkout).toContainText(`${plans.trial_days} days free, then billed`);
  const note = languagesNoteOf(plans, pro);
  if (note) await expect(checkout).toContainText(note);
  else await expect(checkout).not.toContainText("This server transcribes");
});

test("the landing page's cards and export promise come from the same lines", async ({ page, request }) => {
  const plans = await catalogue(request);
  await page.goto("/");
  const free = PLAN_SEED.find((p) => p.isDefault)!;
  await expect(page.getByText(exportsSentence(free.features))).toBeVisible();
  await expect(page.getByText("TXT, SRT and WebVTT on every plan")).toBeVisible();
  // This stack has no language model: the plans answer says which listed features it does not give.
  expect(plans.unavailable_features).toEqual(["advanced_ai_formatting", "custom_transcription_styles"]);
  for (const id of ["free", "pro", "premium", "team"]) {
    const plan = planOf(plans, id);
    const card = page.getByTestId(`plan-${id}`);
    for (const line of planCardLines(plan, languagesNoteOf(plans, plan), plans.unavailable_features)) {
      await expect(card).toContainText(line.text);
      if (line.note) await expect(card).toContainText(line.note);
    }
  }
  await expect(page.getByTestId("plan-free")).toContainText("Export to TXT, SRT and WebVTT");
  // What the server cannot give is said where it is sold, and what is not built is not sold.
  await expect(page.getByTestId("plan-team").getByText("Custom transcription styles")).toContainText("Not available on this server.");
  await expect(page.getByTestId("plan-premium").getByText("advanced AI formatting")).toContainText("Not available on this server: formatting here uses the basic rules.");
  await expect(page.getByTestId("plan-premium")).not.toContainText("Usage dashboard");
  const trial = trialLine(plans.trial_days, "visitor");
  if (trial) {
    await expect(page.getByTestId("plan-pro")).toContainText(trial);
    await expect(page.getByTestId("plan-free")).not.toContainText(trial);
  }
});

test("a customer's dashboard and transcript page say what the engine means for them, with no operator words", async ({ page, request }) => {
  const creds = await createUser(request);
  const id = await seedJfkTranscript(creds.email);
  await logInViaApi(page, creds);
  await page.goto("/dashboard");
  await expect(page.getByTestId("usage")).toBeVisible();
  await expect(page.getByTestId("transcription-row").first()).toBeVisible();
  await expect(page.locator("body")).not.toContainText(OPERATOR_WORDS, { useInnerText: true });

  await page.goto(`/transcription/${id}`);
  await expect(page.getByText("ask not what your country can do for you").first()).toBeVisible();
  await expect(page.locator("body")).not.toContainText(OPERATOR_WORDS, { useInnerText: true });
});

test.describe("at 375 px", () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test("the change-plan dialog has a visible Close button; Escape closes it too", async ({ page, request }) => {
    await logInViaApi(page, await createUser(request));
    let dialog = await openChangePlan(page);
    const close = dialog.getByRole("button", { name: "Close" });
    await expect(close).toBeInViewport({ ratio: 1 });
    await close.click();
    await expect(dialog).toHaveCount(0);

    await page.getByRole("button", { name: "Change plan" }).click();
    dialog = page.getByRole("dialog", { name: "Choose your plan" });
    await expect(dialog.getByTestId("plan-card-pro")).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(dialog).toHaveCount(0);
  });
});
