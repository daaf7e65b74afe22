import { forOperators } from "@/lib/admin/operator-request";
import { subscriptionHistory } from "@/lib/admin/subscription-history";
import { USER_NOT_FOUND } from "@/lib/admin/user-activation";
import { db } from "@/lib/db/client";
import { errorResponse, json } from "@/lib/http/responses";

type Context = { params: Promise<{ id: string }> };

export const GET = forOperators<Context>(async (_request, _operator, { params }) => {
  const history = await subscriptionHistory(db(), (await params).id);
  return history ? json(history) : errorResponse(404, USER_NOT_FOUND);
});
