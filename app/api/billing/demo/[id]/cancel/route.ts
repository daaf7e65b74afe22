import { OK } from "@/lib/api/contract/common";
import { cancelDemoCheckout, requireDemoCheckout } from "@/lib/billing/demo/demo-checkout";
import { billingProvider } from "@/lib/billing/provider";
import { db } from "@/lib/db/client";
import { route, signedIn } from "@/lib/http/route";
import * as billingApi from "@/lib/api/endpoints/billing";

export const POST = route(billingApi.cancelDemoCheckout, { auth: "optional" }, async ({ user, params }) => {
  requireDemoCheckout(billingProvider());
  await cancelDemoCheckout(db(), signedIn(user).id, params.id);
  return OK;
});
