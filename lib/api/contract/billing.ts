/**
 * /api/subscriptions/* and /api/billing/*: the answers the browser checks, and the bodies the
 * server validates with these sentences (zod/mini: small in the bundle).
 */
import * as z from "zod/mini";
import { toList } from "@/lib/billing/list-field";
import { MAX_SEATS, MIN_SEATS, SEATS_RANGE } from "@/lib/billing/seat-count";
import { BILLING_INTERVALS, SUBSCRIPTION_STATUSES } from "@/lib/billing/subscription-types";

/** Spec §3: a plan's lists "may arrive as a JSON string"; anything unreadable is an empty list. */
const PlanList = z.pipe(z.unknown(), z.transform(toList));

/** One plan (spec §3 fields), with its language count and what the plan-change rules read: as operators edit it. */
export const StoredPlan = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  price_monthly: z.number(),
  price_annual: z.number(),
  hours_per_month: z.nullable(z.number()),
  features: PlanList,
  excluded_features: PlanList,
  language_tiers: PlanList,
  is_popular: z.boolean(),
  is_active: z.boolean(),
  checkout_enabled: z.boolean(),
  stripe_price_id_monthly: z.nullable(z.string()),
  stripe_price_id_annual: z.nullable(z.string()),
  language_count: z.number(),
  /** the plan of users without a subscription */
  is_default: z.boolean(),
  /** tier order: a higher rank is an upgrade, a lower one a downgrade */
  rank: z.number(),
  in_onboarding_modal: z.boolean(),
  /** the price and the hours are per seat (Team): a subscription buys seats */
  per_seat: z.boolean(),
});

/**
 * A plan as sold (`GET /api/subscriptions/plans`): with every feature it gives, the plans its
 * `everything_in_*` keys name followed as the server's entitlements follow them, so the
 * browser never works inheritance out itself.
 */
export const ApiPlan = z.extend(StoredPlan, { included_features: z.array(z.string()) });
export type ApiPlan = z.output<typeof ApiPlan>;

export const ApiLanguageTier = z.object({
  id: z.string(),
  description: z.string(),
  /** language code → language name */
  languages: z.record(z.string(), z.string()),
});
export type ApiLanguageTier = z.infer<typeof ApiLanguageTier>;

export const PlansAnswer = z.object({
  plans: z.array(ApiPlan),
  language_tiers: z.array(ApiLanguageTier),
  support_email: z.string(),
  /** days of free trial a first-time subscriber's checkout gets (0: none) */
  trial_days: z.number(),
  /** the language codes this server's speech engine transcribes: "any", or null while no engine runs */
  transcribed_languages: z.nullable(z.union([z.literal("any"), z.array(z.string())])),
  /**
   * features a plan may list that this server does not give today (advanced formatting and
   * custom styles without a language model configured): each card says so beside its line
   */
  unavailable_features: z.array(z.string()),
});
export type PlansAnswer = z.output<typeof PlansAnswer>;

const BillingInterval = z.enum(BILLING_INTERVALS);

const ScheduledPlanChange = z.object({ plan_id: z.string(), billing_interval: BillingInterval, effective_at: z.string() });

/** `GET /api/subscriptions/current` (and the answer of cancel/resume); plan_id is the default plan's when there is no subscription. */
export const CurrentSubscription = z.object({
  plan_id: z.string(),
  plan_name: z.string(),
  plan_rank: z.number(),
  plan_is_default: z.boolean(),
  plan_checkout_enabled: z.boolean(),
  /** priced per seat (Team): `seats` were bought, and can be changed (POST /api/subscriptions/seats) */
  plan_per_seat: z.optional(z.boolean()),
  seats: z.optional(z.number()),
  id: z.nullable(z.string()),
  status: z.nullable(z.enum(SUBSCRIPTION_STATUSES)),
  billing_interval: z.nullable(BillingInterval),
  provider: z.nullable(z.enum(["stripe", "demo"])),
  stripe_subscription_id: z.nullable(z.string()),
  created_at: z.nullable(z.string()),
  updated_at: z.nullable(z.string()),
  current_period_start: z.nullable(z.string()),
  current_period_end: z.nullable(z.string()),
  trial_end: z.nullable(z.string()),
  cancel_at_period_end: z.boolean(),
  scheduled_plan_change: z.nullable(ScheduledPlanChange),
  /** days of free trial this user's next checkout gets: 0 once they have had a subscription */
  trial_days: z.number(),
});
export type CurrentSubscription = z.infer<typeof CurrentSubscription>;


/**
 * The browser goes to `checkout_url`; a plan change that needs no checkout answers with a
 * `message` instead. Both optional: spec §8 words the answer that has neither.
 */
export const CheckoutAnswer = z.object({ checkout_url: z.optional(z.string()), message: z.optional(z.string()) });
export const DowngradeAnswer = z.object({ message: z.optional(z.string()) });
export const PortalAnswer = z.object({ url: z.string() });
export const OnboardingStatus = z.object({ should_show_onboarding: z.boolean() });

export const DemoCheckoutAnswer = z.object({ ok: z.literal(true), plan_id: z.optional(z.string()) });

/** Seats of a per-seat plan (Team): a whole number in the range one purchase may be. */
const Seats = z.number({ error: SEATS_RANGE }).check(z.int(SEATS_RANGE), z.gte(MIN_SEATS, SEATS_RANGE), z.lte(MAX_SEATS, SEATS_RANGE));

/** `POST /api/subscriptions/create-checkout-session` and `schedule-downgrade`. */
export const PlanChoice = z.object({
  plan_id: z.string({ error: "Choose a plan." }).check(z.minLength(1, "Choose a plan.")),
  billing_interval: BillingInterval,
  /** seats to buy, for a plan priced per seat (ignored otherwise); left out: the buyer's team size, or 3 */
  seats: z.optional(Seats),
});
export type PlanChoice = z.infer<typeof PlanChoice>;

/** `POST /api/subscriptions/seats`: the seats the running per-seat subscription should have. */
export const SeatsChange = z.object({ seats: Seats });

/** `POST /api/subscriptions/seats/quote`: what changing to `seats` would do to the bill, in one sentence, before anything is charged. */
export const SeatsQuote = z.object({ seats: z.number(), sentence: z.string() });

/** `POST /api/billing/demo/[id]/complete`: the seats chosen on the test checkout page (a per-seat plan). */
export const DemoCheckoutCompletion = z.optional(z.object({ seats: z.optional(Seats) }));
