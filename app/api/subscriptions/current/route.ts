import { billingUser } from "@/lib/billing/billing-request";
import { currentSubscription, toApiCurrent } from "@/lib/billing/current-subscription";
import { db } from "@/lib/db/client";
import { json } from "@/lib/http/responses";

export async function GET(request: Request) {
  const who = await billingUser(request);
  if (!who.ok) return who.response;
  return json(await toApiCurrent(db(), await currentSubscription(db(), who.user.id)));
}
