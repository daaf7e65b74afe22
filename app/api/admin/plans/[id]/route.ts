import { planPatchSchema, updatePlan } from "@/lib/admin/plan-editing";
import { db } from "@/lib/db/client";
import { route } from "@/lib/http/route";

export const PATCH = route({ auth: "operator", body: planPatchSchema }, async ({ user, params, body }) => ({
  plan: await updatePlan(db(), user, params.id, body),
}));
