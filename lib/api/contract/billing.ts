/** Bodies and answers of /api/subscriptions/* and /api/billing/*. */
import { z } from "zod";
import { toList } from "@/lib/billing/list-field";
import { BILLING_INTERVALS, SUBSCRIPTION_STATUSES } from "@/lib/billing/subscription-types";

/** Spec §3: a plan's lists "may arrive as a JSON string"; anything unreadable is an empty list. */
const PlanList = z.unknown().transform(toList);

/** One plan (spec §3 fields), with its language count and what the plan-change rules read. */
export const ApiPlan = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  price_monthly: z.number(),
  price_annual: z.number(),
  hours_per_month: z.number().nullable(),
  features: PlanList,
  excluded_features: PlanList,
  language_tiers: PlanList,
  is_popular: z.boolean(),
  is_active: z.boolean(),
  checkout_enabled: z.boolean(),
  stripe_price_id_monthly: z.string().nullable(),
  stripe_price_id_annual: z.string().nullable(),
  language_count: z.number(),
  /** the plan of users without a subscription */
  is_default: z.boolean(),
  /** tier order: a higher rank is an upgrade, a lower one a downgrade */
  rank: z.number(),
  in_onboarding_modal: z.boolean(),
});
export type ApiPlan = z.output<typeof ApiPlan>;

export const ApiLanguageTier = z.object({
  id: z.string(),
  description: z.string(),
  /** language code → language name */
  languages: z.record(z.string(), z.string()),
});
export type ApiLanguageTier = z.infer<typeof ApiLanguageTier>;

export const PlansAnswer = z.object({ plans: z.array(ApiPlan), language_tiers: z.array(ApiLanguageTier) });
export type PlansAnswer = z.output<typeof PlansAnswer>;

const BillingInterval = z.enum(BILLING_INTERVALS);

const ScheduledPlanChange = z.object({ plan_id: z.string(), billing_interval: BillingInterval, effective_at: z.string() });

/** `GET /api/subscriptions/current` (and the answer of cancel/resume); plan_id is the default plan's when there is no subscription. */
export const CurrentSubscription = z.object({
  plan_id: z.string(),
  plan_name: z.string(),
  id: z.string().nullable(),
  status: z.enum(SUBSCRIPTION_STATUSES).nullable(),
  billing_interval: BillingInterval.nullable(),
  provider: z.enum(["stripe", "demo"]).nullable(),
  stripe_subscription_id: z.string().nullable(),
  created_at: z.string().nullable(),
  updated_at: z.string().nullable(),
  current_period_start: z.string().nullable(),
  current_period_end: z.string().nullable(),
  trial_end: z.string().nullable(),
  cancel_at_period_end: z.boolean(),
  scheduled_plan_change: ScheduledPlanChange.nullable(),
});
export type CurrentSubscription = z.infer<typeof CurrentSubscription>;

/** `POST /api/subscriptions/create-checkout-session` and `schedule-downgrade`. */
export const PlanChoice = z.object({
  plan_id: z.string({ error: "Choose a plan (plan_id)." }).min(1, "Choose a plan (plan_id)."),
  billing_interval: z.enum(BILLING_INTERVALS, { error: 'billing_interval must be "monthly" or "annual".' }),
});
export type PlanChoice = z.infer<typeof PlanChoice>;

/**
 * The browser goes to `checkout_url`; a plan change that needs no checkout answers with a
 * `message` instead. Both optional: spec §8 words the answer that has neither.
 */
export const CheckoutAnswer = z.object({ checkout_url: z.string().optional(), message: z.string().optional() });
export const DowngradeAnswer = z.object({ message: z.string().optional() });
export const PortalAnswer = z.object({ url: z.string() });
export const OnboardingStatus = z.object({ should_show_onboarding: z.boolean() });

export const DemoCheckoutAnswer = z.object({ ok: z.literal(true), plan_id: z.string().optional() });
