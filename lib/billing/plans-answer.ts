import { createHash } from "node:crypto";
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

/** The answer as sent: its bytes and their ETag. */
export interface PublishedPlans {
  etag: string;
  bytes: Uint8Array<ArrayBuffer>;
}

// Per catalogue copy (plan-cache keeps one object per catalogue version), then per server state.
const published = new WeakMap<PublicCatalogue, Map<string, PublishedPlans>>();
/** Server states kept per catalogue: engines and formatting come and go rarely. */
const MAX_STATES = 8;

/**
 * plansAnswer serialised once per catalogue version and server state rather than on every
 * request (the pricing page, the onboarding modal and every signed-out visitor ask for it).
 */
export function publishedPlans(catalogue: PublicCatalogue, transcribed: ServerLanguages, unavailable: readonly FeatureKey[]): PublishedPlans {
  const state = JSON.stringify([transcribed, unavailable]);
  let byState = published.get(catalogue);
  if (!byState) published.set(catalogue, (byState = new Map()));
  const kept = byState.get(state);
  if (kept) return kept;
  const text = JSON.stringify(plansAnswer(catalogue, transcribed, unavailable));
  const made = { etag: `"${createHash("sha256").update(text).digest("base64url").slice(0, 27)}"`, bytes: new TextEncoder().encode(text) };
  if (byState.size >= MAX_STATES) byState.clear();
  byState.set(state, made);
  return made;
}
