import { updateTier } from "@/lib/admin/tier-editing";
import { AdminTierAnswer, TierPatchBody } from "@/lib/api/contract/admin";
import { db } from "@/lib/db/client";
import { route } from "@/lib/http/route";

export const PATCH = route({ auth: "operator", body: TierPatchBody, answer: AdminTierAnswer }, async ({ user, params, body }) => ({
  tier: await updateTier(db(), user, params.id, body),
}));
