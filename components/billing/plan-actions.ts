/** What each plan card's button says and does in the subscription modal (spec §4, §8). */
import { planChange, type PlanChange, type PlanRules } from "@/lib/billing/transitions";
import type { ApiPlan, CurrentSubscription } from "@/lib/api/contract/billing";
import type { BillingInterval } from "@/lib/billing/subscription-types";

/** Spec §4: after a downgrade or plan-change message the page reloads after 2 s… */
export const PLAN_CHANGE_RELOAD_MS = 2000;
/** …or after 1.5 s when the change was confirmed in the downgrade dialog. */
export const CONFIRMED_DOWNGRADE_RELOAD_MS = 1500;

/** Spec §8 texts. */
export const CHECKOUT_START_FAILED = "Could not start checkout. Please try again.";
export const PLAN_CHANGE_FAILED = "Failed to process plan change.";
const DOWNGRADE_SCHEDULED_MARKER = "scheduled for end of current period";
export const DOWNGRADE_SCHEDULED_TITLE = "Downgrade Scheduled Successfully!";
export const DOWNGRADE_SCHEDULED_NOTE = "You can continue using your current plan features until the end of your billing period.";
export const ACTION_REQUIRED_TITLE = "Action Required";
export const STAY_ON_FREE = "Stay on Free Plan for Now";
const CURRENT_PLAN = "Current Plan";
const DOWNGRADE_ALREADY_SCHEDULED = "Downgrade Already Scheduled";

export type PlanButton =
  | { kind: "current" | "scheduled" | "unavailable"; label: string; disabled: true }
  | { kind: PlanChange; label: string; disabled: false };

/** Spec §9: the active plans the modal offers (pro and premium), lowest rank first. */
export function modalPlans(plans: readonly ApiPlan[]): ApiPlan[] {
  return plans.filter((plan) => plan.in_onboarding_modal && plan.is_active).sort((a, b) => a.rank - b.rank);
}

type RulePlan = Pick<ApiPlan, "id" | "rank" | "is_default" | "checkout_enabled">;

const rulesOf = (plan: RulePlan): PlanRules => ({ id: plan.id, rank: plan.rank, isDefault: plan.is_default, checkoutEnabled: plan.checkout_enabled });

/** Whether the user is on the default (free) plan. */
export function onDefaultPlan(current: CurrentSubscription | null): boolean {
  return current?.plan_is_default === true;
}

/** The current plan as the rules see it: from the subscription answer, so a plan no longer on sale still counts. */
const currentRules = (current: CurrentSubscription): PlanRules => ({
  id: current.plan_id,
  rank: current.plan_rank,
  isDefault: current.plan_is_default,
  checkoutEnabled: current.plan_checkout_enabled,
});

/**
 * The button of one card for the billing interval the toggle shows. When the current
 * subscription could not be read, every choice goes to checkout, where the server applies
 * the rules itself.
 */
export function planButton(plan: RulePlan & Pick<ApiPlan, "name">, current: CurrentSubscription | null, interval: BillingInterval): PlanButton {
  // A subscription without a known interval is current whichever interval is shown.
  if (current && current.plan_id === plan.id && (current.billing_interval === interval || current.billing_interval === null)) {
    return { kind: "current", label: CURRENT_PLAN, disabled: true };
  }
  const from = current ? currentRules(current) : undefined;
  const change = from ? planChange(from, rulesOf(plan)) : "checkout";
  if (change === "downgrade" && current?.scheduled_plan_change) return { kind: "scheduled", label: DOWNGRADE_ALREADY_SCHEDULED, disabled: true };
  if (!plan.checkout_enabled) return { kind: "unavailable", label: "Not available online", disabled: true };
  if (change === "downgrade") return { kind: "downgrade", label: `Switch to ${plan.name}`, disabled: false };
  if (change === "invalid") return { kind: "invalid", label: `Choose ${plan.name}`, disabled: false };
  if (!from || from.isDefault) return { kind: "checkout", label: `Choose ${plan.name}`, disabled: false };
  if (from.id === plan.id) return { kind: "checkout", label: `Switch to ${interval} billing`, disabled: false };
  return { kind: "checkout", label: `Upgrade to ${plan.name}`, disabled: false };
}

export type PlanNotice =
  | { kind: "error"; text: string }
  | { kind: "scheduled"; message: string }
  | { kind: "action"; message: string };

/** A server message after a plan change: the green note when a downgrade was scheduled. */
export function messageNotice(message: string): PlanNotice {
  return message.includes(DOWNGRADE_SCHEDULED_MARKER) ? { kind: "scheduled", message } : { kind: "action", message };
}
