import { forOperators } from "@/lib/admin/operator-request";
import { planPatchSchema, updatePlan } from "@/lib/admin/plan-editing";
import { db } from "@/lib/db/client";
import { parseJsonBody } from "@/lib/http/body";
import { outcomeResponse } from "@/lib/http/outcome";

type Context = { params: Promise<{ id: string }> };

export const PATCH = forOperators<Context>(async (request, operator, { params }) => {
  const body = await parseJsonBody(request, planPatchSchema);
  if (!body.ok) return body.response;
  return outcomeResponse(await updatePlan(db(), operator, (await params).id, body.data), (plan) => ({ plan }));
});
