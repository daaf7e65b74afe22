import type Stripe from "stripe";

/** The id of an expandable field (a string id, or the expanded object). */
export function idOf(value: string | { id: string } | null | undefined): string | null {
  if (!value) return null;
  return typeof value === "string" ? value : value.id;
}

/** The price of a schedule phase's first item, as an id. */
export function phasePriceId(phase: Stripe.SubscriptionSchedule.Phase | undefined): string | null {
  return idOf(phase?.items[0]?.price);
}

/**
 * Index of the phase in effect: the one matching `current_phase`, else the one spanning `now`,
 * else the first (a schedule that has not started yet). -1 when there are no phases.
 */
export function currentPhaseIndex(schedule: Stripe.SubscriptionSchedule, now: Date = new Date()): number {
  const { phases } = schedule;
  if (phases.length === 0) return -1;
  const current = schedule.current_phase;
  if (current) {
    const exact = phases.findIndex((p) => p.start_date === current.start_date && p.end_date === current.end_date);
    if (exact >= 0) return exact;
    const sameStart = phases.findIndex((p) => p.start_date === current.start_date);
    if (sameStart >= 0) return sameStart;
  }
  const t = Math.floor(now.getTime() / 1000);
  const spanning = phases.findIndex((p) => p.start_date <= t && t < p.end_date);
  return spanning >= 0 ? spanning : 0;
}

/** Whether the schedule can still be updated (it has not ended, been released or canceled). */
export function isScheduleLive(schedule: Stripe.SubscriptionSchedule): boolean {
  return schedule.status === "active" || schedule.status === "not_started";
}
