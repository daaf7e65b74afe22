/**
 * The plan edit form as text fields, and its checks before anything is sent (spec §5: prices
 * are numbers, minimum 0, step 0.01; lists comma-separated, trimmed, empty items dropped).
 * The cents rule is the API's own (lib/api/contract/admin); the rest the server checks and explains.
 */
import { hasCents, type AdminPlan, type PlanPatchInput } from "@/lib/api/contract/admin";
import { formatCommaList, parseCommaList } from "@/lib/api/contract/list-text";

export interface PlanDraft {
  name: string;
  description: string;
  price_monthly: string;
  price_annual: string;
  /** empty = no monthly limit */
  hours_per_month: string;
  features: string;
  excluded_features: string;
  language_tiers: string;
  is_popular: boolean;
  is_active: boolean;
  /** the prices and hours are per seat; a subscription buys seats */
  per_seat: boolean;
  stripe_price_id_monthly: string;
  stripe_price_id_annual: string;
}

export function draftFromPlan(plan: AdminPlan): PlanDraft {
  return {
    name: plan.name,
    description: plan.description ?? "",
    price_monthly: String(plan.price_monthly),
    price_annual: String(plan.price_annual),
    hours_per_month: plan.hours_per_month === null ? "" : String(plan.hours_per_month),
    features: formatCommaList(plan.features),
    excluded_features: formatCommaList(plan.excluded_features),
    language_tiers: formatCommaList(plan.language_tiers),
    is_popular: plan.is_popular,
    is_active: plan.is_active,
    per_seat: plan.per_seat,
    stripe_price_id_monthly: plan.stripe_price_id_monthly ?? "",
    stripe_price_id_annual: plan.stripe_price_id_annual ?? "",
  };
}

/** How an amount is typed: digits with an optional decimal point; no sign, no exponent, no hex. */
const PLAIN_DECIMAL = /^(\d+(\.\d*)?|\.\d+)$/;

/** The typed amount, if the API's cents rule takes it (the server also checks the ceiling, and says so). */
function amount(text: string): number | null {
  const trimmed = text.trim();
  if (!PLAIN_DECIMAL.test(trimmed)) return null;
  const value = Number(trimmed);
  return hasCents(value) ? value : null;
}

const amountRule = (label: string) => `${label} must be a number of at least 0 with at most 2 decimals.`;

/** `update`: spec §7's PATCH fields (plus hours_per_month), every one of them. */
export type DraftCheck = { ok: true; update: PlanPatchInput } | { ok: false; message: string };

export function checkPlanDraft(draft: PlanDraft): DraftCheck {
  const name = draft.name.trim();
  if (!name) return { ok: false, message: "Name cannot be empty." };
  const monthly = amount(draft.price_monthly);
  if (monthly === null) return { ok: false, message: amountRule("Monthly price") };
  const annual = amount(draft.price_annual);
  if (annual === null) return { ok: false, message: amountRule("Annual price") };
  const hours = draft.hours_per_month.trim() === "" ? null : amount(draft.hours_per_month);
  if (hours === null && draft.hours_per_month.trim() !== "") {
    return { ok: false, message: "Hours per month must be a number of at least 0 with at most 2 decimals, or empty for no limit." };
  }
  return {
    ok: true,
    update: {
      name,
      description: draft.description.trim(),
      price_monthly: monthly,
      price_annual: annual,
      hours_per_month: hours,
      features: parseCommaList(draft.features),
      excluded_features: parseCommaList(draft.excluded_features),
      language_tiers: parseCommaList(draft.language_tiers),
      is_popular: draft.is_popular,
      is_active: draft.is_active,
      per_seat: draft.per_seat,
      stripe_price_id_monthly: draft.stripe_price_id_monthly.trim() || null,
      stripe_price_id_annual: draft.stripe_price_id_annual.trim() || null,
    },
  };
}
