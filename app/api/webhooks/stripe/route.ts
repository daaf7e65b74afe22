import { billingProvider } from "@/lib/billing/provider";
import { db } from "@/lib/db/client";
import { DomainError } from "@/lib/errors/domain-error";
import { TOO_LARGE } from "@/lib/http/body";
import { readBodyLimited } from "@/lib/http/limited-body";
import { route } from "@/lib/http/route";
import * as billingApi from "@/lib/api/endpoints/billing";

/** Stripe → us: the raw bytes go to the provider, which checks the signature before anything is parsed. */
export const POST = route(billingApi.stripeWebhook, { auth: "none" }, async ({ request }) => {
  const bytes = await readBodyLimited(request, 1024 * 1024);
  if (!bytes) throw new DomainError("too_large", TOO_LARGE);
  const outcome = await billingProvider().handleWebhook(db(), new TextDecoder().decode(bytes), request.headers.get("stripe-signature"));
  return { received: true, outcome };
});
