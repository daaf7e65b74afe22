import { completeDemoCheckout, requireDemoCheckout } from "@/lib/billing/demo/demo-checkout";
import { billingProvider } from "@/lib/billing/provider";
import { db } from "@/lib/db/client";
import { route, signedIn } from "@/lib/http/route";
import { OK } from "@/lib/api/contract/common";
import * as billingApi from "@/lib/api/endpoints/billing";

/** The demo checkout's "Pay" button: the same state change a Stripe checkout webhook makes. */
export const POST = route(billingApi.completeDemoCheckout, { auth: "optional" }, async ({ user, params, body }) => {
  // A server that bills through Stripe has no demo checkout, for anyone.
  requireDemoCheckout(billingProvider());
  const subscription = await completeDemoCheckout(db(), signedIn(user).id, params.id, new Date(), body?.seats);
  return { ...OK, plan_id: subscription.planId };
});
