/* Test helper: minimal Stripe objects with the fields this code reads. Not used by the app. */
import type Stripe from "stripe";

/** 2026-01-01T00:00:00Z and 2026-02-01T00:00:00Z, in Stripe's unix seconds */
export const PERIOD_START = 1767225600;
export const PERIOD_END = 1769904000;

export function price(id: string, interval: "month" | "year" = "month"): Stripe.Price {
  return {
    id,
    object: "price",
    active: true,
    currency: "usd",
    recurring: { interval, interval_count: 1, usage_type: "licensed", meter: null, trial_period_days: null },
    type: "recurring",
    unit_amount: 1500,
  } as unknown as Stripe.Price; // a partial Price: only what the code under test reads
}

export interface SubscriptionFixture {
  id?: string;
  status?: string;
  priceId?: string;
  interval?: "month" | "year";
  metadata?: Record<string, string>;
  /** where the period lives: on the item (API 2025-03-31.basil and later) or the subscription */
  periodOn?: "item" | "subscription";
  trialEnd?: number | null;
  cancelAtPeriodEnd?: boolean;
  cancelAt?: number | null;
  schedule?: string | { id: string } | null;
  /** the item's quantity: the seats of a per-seat plan */
  quantity?: number;
}

export function subscription(f: SubscriptionFixture = {}): Stripe.Subscription {
  const periodOn = f.periodOn ?? "item";
  const period = { current_period_start: PERIOD_START, current_period_end: PERIOD_END };
  return {
    id: f.id ?? "sub_123",
    object: "subscription",
    status: f.status ?? "active",
    customer: "cus_123",
    metadata: f.metadata ?? { user_id: "user_1", plan_id: "pro", billing_interval: "monthly" },
    items: {
      object: "list",
      has_more: false,
      url: "/v1/subscription_items",
      data: [
        {
          id: "si_123",
          object: "subscription_item",
          price: price(f.priceId ?? "price_pro_monthly", f.interval ?? "month"),
          quantity: f.quantity ?? 1,
          ...(periodOn === "item" ? period : {}),
        },
      ],
    },
    ...(periodOn === "subscription" ? period : {}),
    trial_end: f.trialEnd ?? null,
    cancel_at_period_end: f.cancelAtPeriodEnd ?? false,
    cancel_at: f.cancelAt ?? null,
    schedule: f.schedule ?? null,
  } as unknown as Stripe.Subscription; // a partial Subscription: only what the code under test reads
}

export interface PhaseFixture {
  priceId: string;
  start: number;
  end: number;
  quantity?: number;
  metadata?: Record<string, string>;
  trialEnd?: number | null;
  discounts?: { coupon?: string | null; discount?: string | null; promotion_code?: string | null }[];
}

export function schedule(f: {
  id?: string;
  subscription?: string;
  status?: string;
  phases: PhaseFixture[];
  /** index of the phase in effect (default 0); null for none */
  current?: number | null;
}): Stripe.SubscriptionSchedule {
  const current = f.current === undefined ? 0 : f.current;
  const phases = f.phases.map((p) => ({
    items: [{ price: p.priceId, quantity: p.quantity ?? 1, metadata: {} }],
    start_date: p.start,
    end_date: p.end,
    metadata: p.metadata ?? {},
    trial_end: p.trialEnd ?? null,
    discounts: (p.discounts ?? []).map((d) => ({ coupon: null, discount: null, promotion_code: null, ...d })),
    proration_behavior: "create_prorations",
  }));
  return {
    id: f.id ?? "sub_sched_1",
    object: "subscription_schedule",
    status: f.status ?? "active",
    subscription: f.subscription ?? "sub_123",
    end_behavior: "release",
    current_phase:
      current === null ? null : { start_date: f.phases[current].start, end_date: f.phases[current].end },
    phases,
  } as unknown as Stripe.SubscriptionSchedule; // a partial SubscriptionSchedule
}
