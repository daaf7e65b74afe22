import { OK, OkAnswer } from "@/lib/api/contract/common";
import { cancelDemoCheckout, requireDemoCheckout } from "@/lib/billing/demo/demo-checkout";
import { billingProvider } from "@/lib/billing/provider";
import { db } from "@/lib/db/client";
import { route, signedIn } from "@/lib/http/route";

export const POST = route({ auth: "optional", answer: OkAnswer }, async ({ user, params }) => {
  requireDemoCheckout(billingProvider());
  await cancelDemoCheckout(db(), signedIn(user).id, params.id);
  return OK;
});
