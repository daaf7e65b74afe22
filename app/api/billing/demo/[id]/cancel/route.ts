import { OK, OkAnswer } from "@/lib/api/contract/common";
import { cancelDemoCheckout, requireDemoCheckout } from "@/lib/billing/demo/demo-checkout";
import { billingProvider } from "@/lib/billing/provider";
import { db } from "@/lib/db/client";
import { route } from "@/lib/http/route";

export const POST = route({ auth: "user", answer: OkAnswer }, async ({ user, params }) => {
  requireDemoCheckout(billingProvider());
  await cancelDemoCheckout(db(), user.id, params.id);
  return OK;
});
