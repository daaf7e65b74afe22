import { completeDemoCheckout, requireDemoCheckout } from "@/lib/billing/demo/demo-checkout";
import { billingProvider } from "@/lib/billing/provider";
import { db } from "@/lib/db/client";
import { route } from "@/lib/http/route";
import { DemoCheckoutAnswer } from "@/lib/api/contract/billing";
import { OK } from "@/lib/api/contract/common";

/** The demo checkout's "Pay" button: the same state change a Stripe checkout webhook makes. */
export const POST = route({ auth: "user", answer: DemoCheckoutAnswer }, async ({ user, params }) => {
  requireDemoCheckout(billingProvider());
  const subscription = await completeDemoCheckout(db(), user.id, params.id);
  return { ...OK, plan_id: subscription.planId };
});
