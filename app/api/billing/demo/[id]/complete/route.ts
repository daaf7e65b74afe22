import { demoCheckoutAction } from "@/lib/billing/demo/demo-routes";

/** The demo checkout's "Pay" button: the same state change a Stripe checkout webhook makes. */
export const POST = demoCheckoutAction("complete");
