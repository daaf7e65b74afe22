import { demoCheckoutAction } from "@/lib/billing/demo/demo-routes";

export const POST = demoCheckoutAction("cancel");
