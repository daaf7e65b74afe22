import { webhookConfig } from "@/lib/billing/stripe/client";
import { receiveStripeWebhook } from "@/lib/billing/stripe-events";
import { db } from "@/lib/db/client";
import { queueMail } from "@/lib/email/mail-queue";
import { env } from "@/lib/env";
import { DomainError } from "@/lib/errors/domain-error";
import { TOO_LARGE } from "@/lib/http/body";
import { readBodyLimited } from "@/lib/http/limited-body";
import { route } from "@/lib/http/route";

/** Stripe → us. The signature is checked on the raw bytes before anything is parsed. */
export const POST = route({ auth: "none" }, async ({ request }) => {
  const { stripe, secret } = webhookConfig();
  const bytes = await readBodyLimited(request, 1024 * 1024);
  if (!bytes) throw new DomainError("too_large", TOO_LARGE);
  const outcome = await receiveStripeWebhook(db(), new TextDecoder().decode(bytes), request.headers.get("stripe-signature"), {
    stripe,
    secret,
    appUrl: env().APP_URL.replace(/\/$/, ""),
    sendMail: (mail) => queueMail(db(), mail),
  });
  return { received: true, outcome };
});
