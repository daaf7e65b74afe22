import { stripeFromEnv, webhookSecret } from "@/lib/billing/stripe/client";
import { receiveStripeWebhook } from "@/lib/billing/stripe-webhook-endpoint";
import { db } from "@/lib/db/client";
import { sendMail } from "@/lib/email/mail";
import { env } from "@/lib/env";

export async function POST(request: Request) {
  return receiveStripeWebhook(request, {
    database: db(),
    stripe: stripeFromEnv(),
    secret: webhookSecret(),
    appUrl: env().APP_URL.replace(/\/$/, ""),
    sendMail,
  });
}
