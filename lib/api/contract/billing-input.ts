/** Bodies of /api/subscriptions/*, validated by the server. */
import { z } from "zod";
import { BILLING_INTERVALS } from "@/lib/billing/subscription-types";

/** `POST /api/subscriptions/create-checkout-session` and `schedule-downgrade`. */
export const PlanChoice = z.object({
  plan_id: z.string({ error: "Choose a plan." }).min(1, "Choose a plan."),
  billing_interval: z.enum(BILLING_INTERVALS),
});
export type PlanChoice = z.infer<typeof PlanChoice>;
