/** @jest-environment jsdom */
import "@testing-library/jest-dom";
import { act, fireEvent, render, screen, within } from "@testing-library/react";
import { track } from "@/lib/analytics/track";
import { goTo, reloadPage } from "./browser";
import { CONFIRMED_DOWNGRADE_RELOAD_MS, PLAN_CHANGE_RELOAD_MS } from "./plan-actions";
import { SubscriptionModal } from "./subscription-modal";
import { planCardLines } from "@/lib/billing/plan-feature-lines";
import { PLANS_RESPONSE, plan, plansResponse, subscription } from "@/test/support/billing-plans";
import { fakeFetch } from "@/test/support/fake-fetch";
import type { CurrentSubscription } from "@/lib/api/contract/billing";

jest.mock("./browser", () => ({ reloadPage: jest.fn(), goTo: jest.fn() }));
jest.mock("@/lib/analytics/track", () => ({ track: jest.fn() }));

const PRO_SUMMARY = "16 hours per month, 33 languages, basic AI formatting, standard support";
const PREMIUM_SUMMARY = "50 hours per month, 97 languages, advanced AI formatting, priority support";
const SCHEDULED = "Your plan changes to Pro: downgrade scheduled for end of current period.";

type Routes = Parameters<typeof fakeFetch>[0];

function setup(current: CurrentSubscription | null, extra: Routes = {}, plans = PLANS_RESPONSE) {
  const fetcher = fakeFetch({
    "GET /api/subscriptions/plans": { body: plans },
    "GET /api/subscriptions/current": current ? { body: current } : { status: 500, body: { detail: "boom" } },
    ...extra,
  });
  global.fetch = fetcher.fn as unknown as typeof fetch;
  const onOpenChange = jest.fn();
  const onLeave = jest.fn();
  render(<SubscriptionModal open onOpenChange={onOpenChange} onLeave={onLeave} />);
  return { ...fetcher, onOpenChange, onLeave };
}

const card = (id: string) => screen.getByTestId(`plan-card-${id}`);
const posts = (calls: { method: string; url: string; body: unknown }[]) => calls.filter((c) => c.method === "POST");

beforeEach(() => {
  jest.clearAllMocks();
});

afterEach(() => {
  jest.useRealTimers();
});

describe("SubscriptionModal", () => {
  it("on a Pro trial: says before the upgrade that the trial ends and the new plan is charged in full from today", async () => {
    setup(subscription({ plan_id: "pro", plan_name: "Pro", status: "trialing", trial_end: "2026-12-01T00:00:00.000Z" }));
    await screen.findByTestId("plan-card-premium");
    expect(screen.getByText("Upgrading ends your Pro trial today: the new plan is charged at its full price from today.")).toBeInTheDocument();
  });

  it("on paid Pro: says before the upgrade what happens to the old plan and its price", async () => {
    setup(subscription({ plan_id: "pro", provider: "stripe" }));
    await screen.findByTestId("plan-card-premium");
    expect(
      screen.getByText("Upgrading starts the new plan today at its full price. Your Pro plan ends today, and its unused time is credited to your next invoices."),
    ).toBeInTheDocument();
  });

  it("on the free plan there is no old price to speak of", async () => {
    setup(subscription());
    await screen.findByTestId("plan-card-premium");
    expect(screen.queryByText(/Upgrading starts the new plan/)).not.toBeInTheDocument();
  });

  it("shows the pro, premium and team cards only, with summaries from the plan data", async () => {
    setup(subscription());
    expect(screen.getByRole("dialog", { name: "Choose your plan" })).toBeInTheDocument();
    await screen.findByTestId("plan-card-pro");
    expect(screen.getAllByTestId(/^plan-card-/).map((el) => el.dataset.testid)).toEqual(["plan-card-pro", "plan-card-premium", "plan-card-team"]);
    expect(screen.queryByText("Free")).not.toBeInTheDocument();
    expect(screen.queryByText("Enterprise")).not.toBeInTheDocument();
    for (const item of PRO_SUMMARY.split(", ")) expect(within(card("pro")).getByText(item)).toBeInTheDocument();
    for (const item of PREMIUM_SUMMARY.split(", ")) expect(within(card("premium")).getByText(item)).toBeInTheDocument();
    expect(within(card("pro")).getByText("Most popular")).toBeInTheDocument();
    expect(within(card("premium")).queryByText("Most popular")).not.toBeInTheDocument();
  });

  it("prices Team per seat: \"$20 per seat / month\", hours per seat, seats chosen at checkout", async () => {
    setup(subscription());
    await screen.findByTestId("plan-card-team");
    expect(card("team")).toHaveTextContent("$20 per seat / month");
    expect(card("team")).toHaveTextContent("choose the seats at checkout");
    expect(within(card("team")).getByText("40 hours per seat per month, shared by the team")).toBeInTheDocument();
    expect(card("pro")).toHaveTextContent("$15 / month");
    expect(card("pro")).not.toHaveTextContent("per seat");
  });

  it("each card lists the lines the gate table gives its plan: Pro's exports include Word", async () => {
    setup(subscription());
    await screen.findByTestId("plan-card-pro");
    for (const id of ["pro", "premium"]) {
      for (const line of planCardLines(plan(id), null)) expect(within(card(id)).getByText(line.text)).toBeInTheDocument();
    }
    expect(within(card("pro")).getByText("Export to TXT, SRT, WebVTT, Markdown, PDF and Word")).toBeInTheDocument();
  });

  it("says the trial beside the price to a user whose checkout gets it, and not to one who has had a subscription", async () => {
    setup(subscription());
    await screen.findByTestId("plan-card-pro");
    expect(within(card("pro")).getByText("Starts with a 7-day free trial")).toBeInTheDocument();
    expect(within(card("premium")).getByText("Starts with a 7-day free trial")).toBeInTheDocument();
  });

  it("no trial line once the user has had a subscription", async () => {
    setup(subscription({ plan_id: "pro" }));
    await screen.findByTestId("plan-card-premium");
    expect(screen.queryByText(/free trial/)).not.toBeInTheDocument();
  });

  it("on a server that transcribes English only: the cards and View Languages say what it transcribes today", async () => {
    setup(subscription(), {}, plansResponse({ transcribed_languages: ["en"] }));
    await screen.findByTestId("plan-card-pro");
    expect(within(card("pro")).getByText("33 languages")).toHaveTextContent("33 languagesThis server transcribes 1 of them today: English.");
    fireEvent.click(within(card("pro")).getByRole("button", { name: "View Languages" }));
    const dialog = screen.getByRole("dialog", { name: "Pro: 33 languages" });
    expect(dialog).toHaveTextContent("The Pro plan lists these 33 languages. This server transcribes 1 of them today.");
    expect(within(within(dialog).getByRole("list", { name: "Pro languages transcribed today" })).getAllByRole("listitem").map((li) => li.textContent)).toEqual(["English"]);
    expect(within(within(dialog).getByRole("list", { name: "Pro languages not yet transcribed" })).getAllByRole("listitem")).toHaveLength(32);
  });

  it("has a Close button, loaded or not", async () => {
    const { onOpenChange } = setup(subscription());
    fireEvent.click(screen.getByRole("button", { name: "Close" }));
    expect(onOpenChange).toHaveBeenCalledWith(false);
    await screen.findByTestId("plan-card-pro");
    fireEvent.click(screen.getByRole("button", { name: "Close" }));
    expect(onOpenChange).toHaveBeenCalledTimes(2);
  });

  it("monthly/annual toggle: annual shows the annual price per month and what is billed yearly", async () => {
    setup(subscription());
    await screen.findByTestId("plan-card-pro");
    const monthly = screen.getByRole("button", { name: "Monthly" });
    const annual = screen.getByRole("button", { name: "Annual" });
    expect(monthly).toHaveAttribute("aria-pressed", "true");
    expect(within(card("pro")).getByText("$15")).toBeInTheDocument();
    fireEvent.click(annual);
    expect(annual).toHaveAttribute("aria-pressed", "true");
    expect(monthly).toHaveAttribute("aria-pressed", "false");
    expect(within(card("pro")).getByText("$12")).toBeInTheDocument();
    expect(within(card("pro")).getByText("billed $144 yearly")).toBeInTheDocument();
    expect(within(card("premium")).getByText("$24")).toBeInTheDocument();
    expect(within(card("premium")).getByText("billed $288 yearly")).toBeInTheDocument();
  });

  it("free users can stay on the free plan, which closes the modal", async () => {
    const { onOpenChange, calls } = setup(subscription());
    fireEvent.click(await screen.findByRole("button", { name: "Stay on Free Plan for Now" }));
    expect(onOpenChange).toHaveBeenCalledWith(false);
    expect(posts(calls)).toEqual([]);
    expect(screen.getByRole("button", { name: "Choose Pro" })).toBeEnabled();
    expect(screen.getByRole("button", { name: "Choose Premium" })).toBeEnabled();
  });

  it("paid users get no free-plan button; their plan at their interval is 'Current Plan', disabled", async () => {
    setup(subscription({ plan_id: "premium", billing_interval: "annual" }));
    await screen.findByTestId("plan-card-premium");
    expect(screen.queryByRole("button", { name: "Stay on Free Plan for Now" })).not.toBeInTheDocument();
    // The toggle starts at the subscription's interval.
    expect(screen.getByRole("button", { name: "Annual" })).toHaveAttribute("aria-pressed", "true");
    expect(within(card("premium")).getByRole("button", { name: "Current Plan" })).toBeDisabled();
    expect(within(card("pro")).getByRole("button", { name: "Switch to Pro" })).toBeEnabled();
    fireEvent.click(screen.getByRole("button", { name: "Monthly" }));
    expect(within(card("premium")).getByRole("button", { name: "Switch to monthly billing" })).toBeEnabled();
  });

  it("a scheduled downgrade disables the pro card's button", async () => {
    setup(subscription({ plan_id: "premium", scheduled_plan_change: { plan_id: "pro", billing_interval: "monthly", effective_at: "2030-01-31T00:00:00.000Z" } }));
    const button = await screen.findByRole("button", { name: "Downgrade Already Scheduled" });
    expect(within(card("pro")).getByRole("button", { name: "Downgrade Already Scheduled" })).toBe(button);
    expect(button).toBeDisabled();
  });

  it("'View Languages' lists the plan's languages sorted by name, with the total count", async () => {
    setup(subscription());
    await screen.findByTestId("plan-card-premium");
    fireEvent.click(within(card("premium")).getByRole("button", { name: "View Languages" }));
    const dialog = screen.getByRole("dialog", { name: "Premium: 97 languages" });
    const items = within(within(dialog).getByRole("list", { name: "Premium languages" })).getAllByRole("listitem");
    expect(items).toHaveLength(97);
    expect(items[0]).toHaveTextContent("Afrikaans");
    expect(items[items.length - 1]).toHaveTextContent("Yoruba");
    fireEvent.click(within(dialog).getByRole("button", { name: "Close" }));
    expect(screen.queryByRole("dialog", { name: "Premium: 97 languages" })).not.toBeInTheDocument();
    fireEvent.click(within(card("pro")).getByRole("button", { name: "View Languages" }));
    expect(screen.getByRole("dialog", { name: "Pro: 33 languages" })).toBeInTheDocument();
  });

  it("checkout redirects to the checkout url", async () => {
    const { calls, onLeave } = setup(subscription(), {
      "POST /api/subscriptions/create-checkout-session": { body: { checkout_url: "https://checkout.example.test/s/1" } },
    });
    fireEvent.click(await screen.findByRole("button", { name: "Annual" }));
    fireEvent.click(screen.getByRole("button", { name: "Choose Premium" }));
    await act(async () => {});
    expect(posts(calls)).toMatchObject([{ method: "POST", url: "/api/subscriptions/create-checkout-session", body: { plan_id: "premium", billing_interval: "annual" } }]);
    expect(goTo).toHaveBeenCalledWith("https://checkout.example.test/s/1");
    expect(onLeave).toHaveBeenCalled();
    expect(track).toHaveBeenCalledWith("user_action", "subscription_plan_chosen", expect.objectContaining({ plan_id: "premium", billing_interval: "annual", action: "checkout" }));
  });

  it("checkout without a url: 'Could not start checkout. Please try again.'", async () => {
    setup(subscription(), { "POST /api/subscriptions/create-checkout-session": { body: {} } });
    fireEvent.click(await screen.findByRole("button", { name: "Choose Pro" }));
    expect(await screen.findByText("Could not start checkout. Please try again.")).toBeInTheDocument();
    expect(goTo).not.toHaveBeenCalled();
    expect(screen.getByRole("button", { name: "Choose Pro" })).toBeEnabled();
  });

  it("a checkout failure shows the server's detail", async () => {
    setup(subscription(), { "POST /api/subscriptions/create-checkout-session": { status: 400, body: { detail: "Checkout is not configured." } } });
    fireEvent.click(await screen.findByRole("button", { name: "Choose Pro" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Checkout is not configured.");
  });

  it("a failure without a detail: 'Failed to process plan change.'", async () => {
    setup(subscription(), { "POST /api/subscriptions/create-checkout-session": { status: 502, body: undefined } });
    fireEvent.click(await screen.findByRole("button", { name: "Choose Pro" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Failed to process plan change.");
  });

  it("a network failure: 'Failed to process plan change.'", async () => {
    setup(subscription(), { "POST /api/subscriptions/create-checkout-session": new TypeError("Failed to fetch") });
    fireEvent.click(await screen.findByRole("button", { name: "Choose Premium" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Failed to process plan change.");
  });

  it("a disallowed change: 'Invalid plan change.' without calling the server", async () => {
    const { calls } = setup(subscription({ plan_id: "enterprise", plan_name: "Enterprise" }));
    fireEvent.click(await screen.findByRole("button", { name: "Choose Pro" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Invalid plan change.");
    expect(posts(calls)).toEqual([]);
  });

  it("downgrade: the confirm lists both summaries; confirming schedules it, shows the green note and reloads after 1.5 s", async () => {
    jest.useFakeTimers();
    const { calls, onLeave } = setup(subscription({ plan_id: "premium" }), {
      "POST /api/subscriptions/schedule-downgrade": { body: { message: SCHEDULED } },
    });
    fireEvent.click(await screen.findByRole("button", { name: "Switch to Pro" }));
    const confirm = screen.getByRole("dialog", { name: "Switch to Pro?" });
    expect(within(confirm).getByText(PRO_SUMMARY)).toBeInTheDocument();
    expect(within(confirm).getByText(PREMIUM_SUMMARY)).toBeInTheDocument();
    expect(posts(calls)).toEqual([]);

    fireEvent.click(within(confirm).getByRole("button", { name: "Confirm" }));
    expect(await screen.findByText("Downgrade Scheduled Successfully!")).toBeInTheDocument();
    expect(screen.getByText("You can continue using your current plan features until the end of your billing period.")).toBeInTheDocument();
    expect(screen.getByText(SCHEDULED)).toBeInTheDocument();
    expect(screen.queryByText("Action Required")).not.toBeInTheDocument();
    expect(posts(calls)).toMatchObject([{ method: "POST", url: "/api/subscriptions/schedule-downgrade", body: { plan_id: "pro", billing_interval: "monthly" } }]);
    expect(screen.queryByRole("dialog", { name: "Switch to Pro?" })).not.toBeInTheDocument();

    act(() => jest.advanceTimersByTime(CONFIRMED_DOWNGRADE_RELOAD_MS - 1));
    expect(reloadPage).not.toHaveBeenCalled();
    act(() => jest.advanceTimersByTime(1));
    expect(CONFIRMED_DOWNGRADE_RELOAD_MS).toBe(1500);
    expect(reloadPage).toHaveBeenCalledTimes(1);
    expect(onLeave).toHaveBeenCalled();
  });

  it("cancelling the downgrade confirm changes nothing", async () => {
    const { calls } = setup(subscription({ plan_id: "premium" }));
    fireEvent.click(await screen.findByRole("button", { name: "Switch to Pro" }));
    fireEvent.click(within(screen.getByRole("dialog", { name: "Switch to Pro?" })).getByRole("button", { name: "Cancel" }));
    expect(screen.queryByRole("dialog", { name: "Switch to Pro?" })).not.toBeInTheDocument();
    expect(posts(calls)).toEqual([]);
  });

  it("a downgrade failure shows the detail, else the fallback, and does not reload", async () => {
    jest.useFakeTimers();
    setup(subscription({ plan_id: "premium" }), { "POST /api/subscriptions/schedule-downgrade": { status: 409, body: { detail: "A change is already scheduled." } } });
    fireEvent.click(await screen.findByRole("button", { name: "Switch to Pro" }));
    fireEvent.click(screen.getByRole("button", { name: "Confirm" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("A change is already scheduled.");
    act(() => jest.advanceTimersByTime(5000));
    expect(reloadPage).not.toHaveBeenCalled();
  });

  it("another plan-change message shows under 'Action Required' and reloads after 2 s", async () => {
    jest.useFakeTimers();
    setup(subscription({ plan_id: "pro" }), {
      "POST /api/subscriptions/create-checkout-session": { body: { message: "Your plan was changed to Premium. Please confirm the payment in the email we sent." } },
    });
    fireEvent.click(await screen.findByRole("button", { name: "Upgrade to Premium" }));
    expect(await screen.findByText("Action Required")).toBeInTheDocument();
    expect(screen.getByText("Your plan was changed to Premium. Please confirm the payment in the email we sent.")).toBeInTheDocument();
    expect(screen.queryByText("Downgrade Scheduled Successfully!")).not.toBeInTheDocument();
    expect(screen.queryByText("Could not start checkout. Please try again.")).not.toBeInTheDocument();

    act(() => jest.advanceTimersByTime(PLAN_CHANGE_RELOAD_MS - 1));
    expect(reloadPage).not.toHaveBeenCalled();
    act(() => jest.advanceTimersByTime(1));
    expect(PLAN_CHANGE_RELOAD_MS).toBe(2000);
    expect(reloadPage).toHaveBeenCalledTimes(1);
  });

  it("plans that fail to load give empty lists", async () => {
    global.fetch = fakeFetch({}).fn as unknown as typeof fetch;
    render(<SubscriptionModal open onOpenChange={jest.fn()} />);
    expect(await screen.findByText("Plans could not be loaded. Please try again later.")).toBeInTheDocument();
    expect(screen.queryByTestId(/^plan-card-/)).not.toBeInTheDocument();
  });

  it("without a readable subscription every choice goes to checkout", async () => {
    const { calls } = setup(null, { "POST /api/subscriptions/create-checkout-session": { body: { checkout_url: "https://checkout.example.test/s/2" } } });
    expect(screen.queryByRole("button", { name: "Stay on Free Plan for Now" })).not.toBeInTheDocument();
    fireEvent.click(await screen.findByRole("button", { name: "Choose Pro" }));
    await act(async () => {});
    expect(posts(calls)).toHaveLength(1);
    expect(goTo).toHaveBeenCalledWith("https://checkout.example.test/s/2");
  });
});
