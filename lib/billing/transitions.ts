import type { Plan } from "@/lib/db/schema";

/** What choosing a plan in the modal does, given the plan the user is on (spec §4). */
export type PlanChange = "checkout" | "downgrade" | "invalid";

export const INVALID_PLAN_CHANGE = "Invalid plan change.";

/** What the rules read of a plan. Pure, so the server and the modal share it. */
export type PlanRules = Pick<Plan, "id" | "rank" | "isDefault" | "checkoutEnabled">;

/**
 * Spec §4 from the plan data: only a plan sold by checkout can be chosen. From the default
 * plan (free), any of them is a checkout; so is the same plan again (e.g. another billing
 * interval) or a higher rank (pro → premium). A lower rank (premium → pro) is a downgrade
 * at the end of the period. Anything else — to the default plan, to a plan sold by contract
 * (enterprise), from one, from or to an unknown plan — is invalid. The server applies this
 * itself; the modal uses it only to pick the button.
 */
export function planChange(current: PlanRules | undefined, target: PlanRules | undefined): PlanChange {
  if (!current || !target || !target.checkoutEnabled || target.isDefault) return "invalid";
  if (current.isDefault) return "checkout";
  if (!current.checkoutEnabled) return "invalid";
  if (current.id === target.id || target.rank > current.rank) return "checkout";
  return target.rank < current.rank ? "downgrade" : "invalid";
}

/**
 * Whether any of the `offered` plans (those the subscription modal lists) would be an
 * upgrade: a checkout to another plan. False on the top plan and on a plan sold by contract,
 * whose users therefore see no "Upgrade" button.
 */
export function canUpgrade(current: PlanRules | undefined, offered: readonly PlanRules[]): boolean {
  return offered.some((plan) => plan.id !== current?.id && planChange(current, plan) === "checkout");
}
