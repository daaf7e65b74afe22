/** Bodies of /api/subscriptions/*, validated by the server. */
import { z } from "zod";
import { BILLING_INTERVALS } from "@/lib/billing/subscription-types";
import { MAX_SEATS, MIN_SEATS, SEATS_RANGE } from "@/lib/billing/seat-count";

/** Seats of a per-seat plan (Team): a whole number in the range one purchase may be. */
const Seats = z.number({ error: SEATS_RANGE }).int(SEATS_RANGE).min(MIN_SEATS, SEATS_RANGE).max(MAX_SEATS, SEATS_RANGE);

/** `POST /api/subscriptions/create-checkout-session` and `schedule-downgrade`. */
export const PlanChoice = z.object({
  plan_id: z.string({ error: "Choose a plan." }).min(1, "Choose a plan."),
  billing_interval: z.enum(BILLING_INTERVALS),
  /** seats to buy, for a plan priced per seat (ignored otherwise); left out: the buyer's team size, or 3 */
  seats: z.optional(Seats),
});
export type PlanChoice = z.infer<typeof PlanChoice>;

/** `POST /api/subscriptions/seats`: the seats the running per-seat subscription should have. */
export const SeatsChange = z.object({ seats: Seats });

/** `POST /api/billing/demo/[id]/complete`: the seats chosen on the test checkout page (a per-seat plan). */
export const DemoCheckoutCompletion = z.optional(z.object({ seats: z.optional(Seats) }));
