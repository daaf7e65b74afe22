import { startCheckout } from "@/lib/billing/plan-changes";
import { billingProvider } from "@/lib/billing/provider";
import { db } from "@/lib/db/client";
import { route } from "@/lib/http/route";
import { checkoutLanguages } from "@/lib/transcription/server-languages";
import { CheckoutAnswer, PlanChoice } from "@/lib/api/contract/billing";

export const POST = route({ auth: "user", body: PlanChoice, answer: CheckoutAnswer }, async ({ user, body }) => ({
  checkout_url: await startCheckout(db(), billingProvider(), user, body, (plan) => checkoutLanguages(db(), plan)),
}));
