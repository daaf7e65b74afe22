import { updatePlan } from "@/lib/admin/plan-editing";
import { AdminPlanAnswer, PlanPatchBody } from "@/lib/api/contract/admin";
import { db } from "@/lib/db/client";
import { route } from "@/lib/http/route";

export const PATCH = route({ auth: "operator", body: PlanPatchBody, answer: AdminPlanAnswer }, async ({ user, params, body }) => ({
  plan: await updatePlan(db(), user, params.id, body),
}));
