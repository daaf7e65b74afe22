import {
  CONFIRMED_DOWNGRADE_RELOAD_MS,
  PLAN_CHANGE_RELOAD_MS,
  messageNotice,
  modalPlans,
  planButton,
} from "./plan-actions";
import { PLANS, plan, subscription } from "@/test/support/billing-plans";

describe("modalPlans", () => {
  it("keeps the active plans shown in the onboarding modal (pro, premium and team), by rank", () => {
    expect(modalPlans([...PLANS].reverse()).map((p) => p.id)).toEqual(["pro", "premium", "team"]);
    expect(modalPlans(PLANS.map((p) => (p.id === "premium" ? { ...p, is_active: false } : p))).map((p) => p.id)).toEqual(["pro", "team"]);
    expect(modalPlans([])).toEqual([]);
  });
});

describe("planButton (spec §4)", () => {
  const pro = plan("pro");
  const premium = plan("premium");

  it("free user: Choose, checkout", () => {
    expect(planButton(pro, subscription(), "monthly")).toEqual({ kind: "checkout", label: "Choose Pro", disabled: false });
    expect(planButton(premium, subscription(), "annual")).toEqual({ kind: "checkout", label: "Choose Premium", disabled: false });
  });

  it("the current plan at the shown interval is 'Current Plan', disabled; the other interval switches billing", () => {
    const current = subscription({ plan_id: "pro", billing_interval: "annual" });
    expect(planButton(pro, current, "annual")).toEqual({ kind: "current", label: "Current Plan", disabled: true });
    expect(planButton(pro, current, "monthly")).toEqual({ kind: "checkout", label: "Switch to monthly billing", disabled: false });
    expect(planButton(premium, current, "annual")).toEqual({ kind: "checkout", label: "Upgrade to Premium", disabled: false });
  });

  it("a paid plan without a known interval is current at either interval", () => {
    const current = subscription({ plan_id: "premium", billing_interval: null });
    expect(planButton(premium, current, "monthly").kind).toBe("current");
    expect(planButton(premium, current, "annual").kind).toBe("current");
  });

  it("premium → pro is a downgrade; a scheduled one disables the pro card", () => {
    const current = subscription({ plan_id: "premium" });
    expect(planButton(pro, current, "monthly")).toEqual({ kind: "downgrade", label: "Switch to Pro", disabled: false });
    const scheduled = subscription({ plan_id: "premium", scheduled_plan_change: { plan_id: "pro", billing_interval: "monthly", effective_at: "2030-01-31T00:00:00.000Z" } });
    expect(planButton(pro, scheduled, "monthly")).toEqual({ kind: "scheduled", label: "Downgrade Already Scheduled", disabled: true });
    expect(planButton(pro, scheduled, "annual").kind).toBe("scheduled");
    expect(planButton(premium, scheduled, "monthly").kind).toBe("current");
  });

  it("any other change is invalid; an unknown subscription goes to checkout", () => {
    expect(planButton(pro, subscription({ plan_id: "enterprise" }), "monthly")).toEqual({ kind: "invalid", label: "Choose Pro", disabled: false });
    expect(planButton(pro, null, "monthly")).toEqual({ kind: "checkout", label: "Choose Pro", disabled: false });
  });

  it("a plan closed to checkout cannot be bought here", () => {
    expect(planButton({ ...pro, checkout_enabled: false }, subscription(), "monthly")).toEqual({ kind: "unavailable", label: "Not available online", disabled: true });
  });
});

describe("messages and delays", () => {
  it("a message naming the end of the period is the scheduled-downgrade note; others need action", () => {
    expect(messageNotice("Downgrade to Pro scheduled for end of current period.")).toEqual({ kind: "scheduled", message: "Downgrade to Pro scheduled for end of current period." });
    expect(messageNotice("Please update your payment method.")).toEqual({ kind: "action", message: "Please update your payment method." });
  });

  it("reloads after 2 s, 1.5 s after the confirm dialog", () => {
    expect(PLAN_CHANGE_RELOAD_MS).toBe(2000);
    expect(CONFIRMED_DOWNGRADE_RELOAD_MS).toBe(1500);
  });
});
