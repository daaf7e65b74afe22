import { completeDemoCheckout, requireDemoCheckout } from "@/lib/billing/demo/demo-checkout";
import { billingProvider } from "@/lib/billing/provider";
import { db } from "@/lib/db/client";
import { route } from "@/lib/http/route";

/** The demo checkout's "Pay" button: the same state change a Stripe checkout webhook makes. */
export const POST = route({ auth: "user" }, async ({ user, params }) => {
  requireDemoCheckout(billingProvider());
  const subscription = await completeDemoCheckout(db(), user.id, params.id);
  return { ok: true, plan_id: subscription.planId };
});
