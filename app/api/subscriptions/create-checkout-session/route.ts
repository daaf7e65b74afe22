import { PlanChoice, startCheckout } from "@/lib/billing/plan-changes";
import { billingProvider } from "@/lib/billing/provider";
import { db } from "@/lib/db/client";
import { route } from "@/lib/http/route";

export const POST = route({ auth: "user", body: PlanChoice }, async ({ user, body }) => ({
  checkout_url: await startCheckout(db(), billingProvider(), user, body),
}));
