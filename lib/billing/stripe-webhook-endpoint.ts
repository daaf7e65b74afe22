import type Stripe from "stripe";
import type { Database } from "@/lib/db/client";
import type { Mail } from "@/lib/email/mail";
import { readBodyLimited } from "@/lib/http/limited-body";
import { errorResponse, json } from "@/lib/http/responses";
import { handleStripeEvent } from "./stripe-events";
import { BillingProviderError } from "./stripe/errors";
import { verifyWebhook } from "./stripe/webhook";

export interface WebhookEndpointDeps {
  database: Database;
  stripe: Stripe | null;
  secret: string | null;
  appUrl: string;
  sendMail(mail: Mail): Promise<void>;
}

/** Stripe → us. The signature is checked on the raw bytes before anything is parsed (400 if bad). */
export async function receiveStripeWebhook(request: Request, deps: WebhookEndpointDeps): Promise<Response> {
  const { stripe, secret } = deps;
  if (!stripe || !secret) return errorResponse(404, "Stripe is not configured on this server.");
  const bytes = await readBodyLimited(request, 1024 * 1024);
  if (!bytes) return errorResponse(413, "The request is too large.");
  const verified = verifyWebhook(stripe, new TextDecoder().decode(bytes), request.headers.get("stripe-signature"), secret);
  if (!verified.ok) return errorResponse(400, verified.detail);
  try {
    const outcome = await handleStripeEvent(deps.database, verified.event, { stripe, appUrl: deps.appUrl, sendMail: deps.sendMail });
    return json({ received: true, outcome });
  } catch (error) {
    // Not stored as processed: Stripe delivers it again later.
    if (error instanceof BillingProviderError) return errorResponse(503, error.message);
    throw error;
  }
}
