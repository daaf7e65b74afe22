import { tierPatchSchema, updateTier } from "@/lib/admin/tier-editing";
import { db } from "@/lib/db/client";
import { route } from "@/lib/http/route";

export const PATCH = route({ auth: "operator", body: tierPatchSchema }, async ({ user, params, body }) => ({
  tier: await updateTier(db(), user, params.id, body),
}));
