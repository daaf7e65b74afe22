import { forOperators } from "@/lib/admin/operator-request";
import { tierPatchSchema, updateTier } from "@/lib/admin/tier-editing";
import { db } from "@/lib/db/client";
import { parseJsonBody } from "@/lib/http/body";
import { outcomeResponse } from "@/lib/http/outcome";

type Context = { params: Promise<{ id: string }> };

export const PATCH = forOperators<Context>(async (request, operator, { params }) => {
  const body = await parseJsonBody(request, tierPatchSchema);
  if (!body.ok) return body.response;
  return outcomeResponse(await updateTier(db(), operator, (await params).id, body.data), (tier) => ({ tier }));
});
