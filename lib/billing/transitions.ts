/** What choosing a plan in the modal does, given the plan the user is on (spec §4). */
export type PlanChange = "checkout" | "downgrade" | "invalid";

export const INVALID_PLAN_CHANGE = "Invalid plan change.";

const PAID = new Set(["pro", "premium"]);

/**
 * free → any paid plan: checkout. pro → premium, or the same paid plan again (e.g. another
 * billing interval): checkout. premium → pro: a downgrade at the end of the period.
 * Anything else (to free, to enterprise, from enterprise): invalid. The server applies
 * this itself; the modal uses it only to pick the button.
 */
export function planChange(currentPlanId: string, targetPlanId: string): PlanChange {
  if (!PAID.has(targetPlanId)) return "invalid";
  if (currentPlanId === "free") return "checkout";
  if (currentPlanId === targetPlanId) return "checkout";
  if (currentPlanId === "pro" && targetPlanId === "premium") return "checkout";
  if (currentPlanId === "premium" && targetPlanId === "pro") return "downgrade";
  return "invalid";
}
