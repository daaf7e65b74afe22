import { billingDeps, billingUser } from "@/lib/billing/billing-request";
import { PlanChoice, startCheckout } from "@/lib/billing/plan-changes";
import { db } from "@/lib/db/client";
import { parseJsonBody } from "@/lib/http/body";
import { errorResponse, json } from "@/lib/http/responses";

export async function POST(request: Request) {
  const who = await billingUser(request);
  if (!who.ok) return who.response;
  const body = await parseJsonBody(request, PlanChoice);
  if (!body.ok) return body.response;
  const result = await startCheckout(db(), who.user, body.data, billingDeps());
  return result.ok ? json({ checkout_url: result.value }) : errorResponse(result.status, result.detail);
}
