import { updatePlan } from "@/lib/admin/plan-editing";
import { db } from "@/lib/db/client";
import { route } from "@/lib/http/route";
import * as adminApi from "@/lib/api/endpoints/admin";

export const PATCH = route(adminApi.adminUpdatePlan, { auth: "operator" }, async ({ user, params, body }) => ({
  plan: await updatePlan(db(), user, params.id, body),
}));
