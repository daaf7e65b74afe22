/** The billing API's shapes, as the contract (lib/api/contract/billing.ts) defines them. */
import type { PlansAnswer } from "@/lib/api/contract/billing";

export type { ApiLanguageTier, ApiPlan, CurrentSubscription } from "@/lib/api/contract/billing";
export type { BillingInterval } from "@/lib/billing/subscription-types";
export type PlansResponse = PlansAnswer;
