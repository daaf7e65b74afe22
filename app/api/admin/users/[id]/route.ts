import { forOperators } from "@/lib/admin/operator-request";
import { setActiveAsOperator, userPatchSchema } from "@/lib/admin/user-activation";
import { deleteUserAsOperator } from "@/lib/admin/user-deletion";
import { stripeFromEnv } from "@/lib/billing/stripe/client";
import { db } from "@/lib/db/client";
import { parseJsonBody } from "@/lib/http/body";
import { outcomeResponse } from "@/lib/http/outcome";

type Context = { params: Promise<{ id: string }> };

export const PATCH = forOperators<Context>(async (request, operator, { params }) => {
  const body = await parseJsonBody(request, userPatchSchema);
  if (!body.ok) return body.response;
  const outcome = await setActiveAsOperator(db(), operator, (await params).id, body.data.is_active);
  return outcomeResponse(outcome, (user) => ({ user }));
});

export const DELETE = forOperators<Context>(async (_request, operator, { params }) => {
  const outcome = await deleteUserAsOperator(db(), operator, (await params).id, stripeFromEnv());
  return outcomeResponse(outcome, (deleted) => ({ deleted }));
});
