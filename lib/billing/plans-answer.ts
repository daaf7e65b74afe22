import type { FeatureKey } from "./features";
import type { ServerLanguages } from "./language-coverage";
import type { PublicCatalogue } from "./plan-cache";
import { toApiTier, toPublicPlan } from "./plans";

/**
 * GET /api/subscriptions/plans: the catalogue as sold, the trial beside the prices, what this
 * server transcribes and which listed features it does not give (handed in: billing sits below
 * formatting and transcription).
 */
export function plansAnswer({ plans, everyPlan, tiers, supportEmail, trialDays }: PublicCatalogue, transcribed: ServerLanguages, unavailable: readonly FeatureKey[]) {
  return {
    plans: plans.map((p) => toPublicPlan(p, tiers, everyPlan)),
    language_tiers: tiers.map(toApiTier),
    support_email: supportEmail,
    trial_days: trialDays,
    transcribed_languages: transcribed,
    unavailable_features: [...unavailable],
  };
}
