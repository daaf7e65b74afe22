import type { Database } from "@/lib/db/client";
import type { Plan, Subscription } from "@/lib/db/schema";
import { billingDate } from "./billing-date";
import { seatCount } from "./seat-count";
import { seatsChange } from "./plan-changes";
import { formatCharge, formatPrice } from "./pricing";
import type { BillingProvider } from "./provider-types";

/** One seat's price for the subscription's interval. */
export function seatPrice(plan: Pick<Plan, "priceMonthly" | "priceAnnual">, interval: Subscription["billingInterval"]): number {
  return Number((interval === "annual" ? plan.priceAnnual : plan.priceMonthly) ?? 0);
}

/** The added seats' price for what is left of the period, to the cent (as the demo provider charges it). */
export function proratedSeats(current: Pick<Subscription, "seats" | "currentPeriodStart" | "currentPeriodEnd">, price: number, seats: number, now: Date): number {
  const start = current.currentPeriodStart?.getTime() ?? now.getTime();
  const end = current.currentPeriodEnd?.getTime() ?? now.getTime();
  const left = end > start ? Math.min(1, Math.max(0, (end - now.getTime()) / (end - start))) : 0;
  return Math.round(Math.max(0, seats - current.seats) * price * left * 100) / 100;
}

/**
 * What "Update seats" would do to the bill, said before it is done: more seats are charged now
 * (prorated to the period's end, as the provider works it out); fewer take effect at once
 * with no refund; during a trial nothing is charged until it ends.
 */
export async function quoteSeats(database: Database, billing: BillingProvider, userId: string, seats: number, now = new Date()): Promise<{ seats: number; sentence: string }> {
  const { current, plan, wanted } = await seatsChange(database, userId, seats);
  const period = current.billingInterval === "annual" ? "year" : "month";
  const recurring = `${formatPrice(seatPrice(plan, current.billingInterval) * wanted)} per ${period} for ${seatCount(wanted)}`;
  if (wanted === current.seats) return { seats: wanted, sentence: `Your plan already has ${seatCount(wanted)}.` };
  if (current.status === "trialing") {
    const from = current.trialEnd ? ` from ${billingDate(current.trialEnd)}` : " once the trial ends";
    return { seats: wanted, sentence: `Nothing is charged during the trial; you will pay ${recurring}${from}.` };
  }
  const next = current.currentPeriodEnd ? billingDate(current.currentPeriodEnd) : null;
  if (wanted < current.seats) {
    return { seats: wanted, sentence: `Fewer seats take effect now, with no refund for this ${period}; you will pay ${recurring}${next ? ` from ${next}` : ""}.` };
  }
  const dueNow = await billing.addedSeatsCost(database, current, wanted, now);
  const added = wanted - current.seats;
  const more = added === 1 ? "1 more seat costs" : `${added} more seats cost`;
  return { seats: wanted, sentence: `${more} ${formatCharge(dueNow)} now, prorated${next ? ` to ${next}` : ""}; then you pay ${recurring}.` };
}
