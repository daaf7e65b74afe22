import type { ServerLanguages } from "./language-coverage";
import type { PublicCatalogue } from "./plan-cache";
import { toApiTier, toPublicPlan } from "./plans";

/** GET /api/subscriptions/plans: the catalogue as sold, the trial beside the prices, and what this server transcribes. */
export function plansAnswer({ plans, everyPlan, tiers, supportEmail, trialDays }: PublicCatalogue, transcribed: ServerLanguages) {
  return {
    plans: plans.map((p) => toPublicPlan(p, tiers, everyPlan)),
    language_tiers: tiers.map(toApiTier),
    support_email: supportEmail,
    trial_days: trialDays,
    transcribed_languages: transcribed,
  };
}
