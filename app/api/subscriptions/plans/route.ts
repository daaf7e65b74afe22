import { publicCatalogue } from "@/lib/billing/plan-cache";
import { toApiTier, toPublicPlan } from "@/lib/billing/plans";
import { databaseHandle } from "@/lib/db/client";
import { route } from "@/lib/http/route";
import { PlansAnswer } from "@/lib/api/contract/billing";

/** Public: the active plans, the language tiers and the support address, as operators last edited them. */
export const GET = route({ auth: "none", answer: PlansAnswer }, async () => {
  const { plans, everyPlan, tiers, supportEmail } = await publicCatalogue(databaseHandle());
  return { plans: plans.map((p) => toPublicPlan(p, tiers, everyPlan)), language_tiers: tiers.map(toApiTier), support_email: supportEmail };
});
