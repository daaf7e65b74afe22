import { updateTier } from "@/lib/admin/tier-editing";
import { db } from "@/lib/db/client";
import { route } from "@/lib/http/route";
import * as adminApi from "@/lib/api/endpoints/admin";

export const PATCH = route(adminApi.adminUpdateTier, { auth: "operator" }, async ({ user, params, body }) => ({
  tier: await updateTier(db(), user, params.id, body),
}));
