import { db } from "@/lib/db/client";
import { errorResponse, json } from "@/lib/http/responses";
import { billingUser } from "../billing-request";
import { stripeFromEnv } from "../stripe/client";
import { cancelDemoCheckout, completeDemoCheckout } from "./demo-billing";

type Context = { params: Promise<{ id: string }> };

/** The demo checkout exists only while no Stripe key is configured. */
export function demoCheckoutAction(action: "complete" | "cancel") {
  return async (request: Request, { params }: Context): Promise<Response> => {
    if (stripeFromEnv()) return errorResponse(404, "The demo checkout is off: this server bills through Stripe.");
    const who = await billingUser(request);
    if (!who.ok) return who.response;
    const { id } = await params;
    if (action === "cancel") {
      return (await cancelDemoCheckout(db(), who.user.id, id)) ? json({ ok: true }) : errorResponse(404, "This checkout is not open.");
    }
    const outcome = await completeDemoCheckout(db(), who.user.id, id);
    return outcome.ok ? json({ ok: true, plan_id: outcome.result.subscription.planId }) : errorResponse(outcome.status, outcome.detail);
  };
}
