import { startCheckout } from "@/lib/billing/plan-changes";
import { billingProvider } from "@/lib/billing/provider";
import { db } from "@/lib/db/client";
import { route } from "@/lib/http/route";
import { checkoutLanguages } from "@/lib/transcription/server-languages";
import * as billingApi from "@/lib/api/endpoints/billing";

export const POST = route(billingApi.createCheckoutSession, { auth: "user" }, async ({ user, body }) => ({
  checkout_url: await startCheckout(db(), billingProvider(), user, body, (plan) => checkoutLanguages(db(), plan)),
}));
