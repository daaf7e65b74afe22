import { activePlans, allLanguageTiers, toApiPlan, toApiTier } from "@/lib/billing/plans";
import { json } from "@/lib/http/responses";

/** Public: the active plans and the language tiers, as operators last edited them. */
export async function GET() {
  const [plans, tiers] = await Promise.all([activePlans(), allLanguageTiers()]);
  return json({ plans: plans.map((p) => toApiPlan(p, tiers)), language_tiers: tiers.map(toApiTier) });
}
