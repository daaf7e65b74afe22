import type { BillingInterval, ScheduledPlanChange } from "@/lib/billing/subscription-types";

export type { BillingInterval };

/** One plan as GET /api/subscriptions/plans returns it. */
export interface ApiPlan {
  id: string;
  name: string;
  description: string;
  price_monthly: number;
  price_annual: number;
  hours_per_month: number | null;
  features: string[];
  excluded_features: string[];
  language_tiers: string[];
  is_popular: boolean;
  is_active: boolean;
  checkout_enabled: boolean;
  language_count: number;
  /** the plan of users without a subscription */
  is_default: boolean;
  /** tier order: a higher rank is an upgrade, a lower one a downgrade */
  rank: number;
  in_onboarding_modal: boolean;
}

export interface ApiLanguageTier {
  id: string;
  description: string;
  /** language code → language name */
  languages: Record<string, string>;
}

export interface PlansResponse {
  plans: ApiPlan[];
  language_tiers: ApiLanguageTier[];
}

/** GET /api/subscriptions/current; plan_id is the default plan's when there is no subscription. */
export interface CurrentSubscription {
  plan_id: string;
  plan_name: string;
  status: string | null;
  billing_interval: BillingInterval | null;
  current_period_end: string | null;
  trial_end: string | null;
  cancel_at_period_end: boolean;
  scheduled_plan_change: ScheduledPlanChange | null;
}
