import type { Subscription } from "@/lib/db/schema";
import { queueMail } from "@/lib/email/mail-queue";
import { env } from "@/lib/env";
import { demoBilling } from "./demo/demo-provider";
import type { BillingProvider } from "./provider-types";
import { stripeFromEnv, webhookSecret } from "./stripe/client";
import { stripeBilling } from "./stripe/stripe-provider";

/**
 * Subscriptions from before this server had a Stripe key are demo ones, in our database
 * only: the demo provider still changes them (and shows the billing of a user with none).
 */
function withDemoLeftovers(billing: BillingProvider): BillingProvider {
  const owner = (row: Subscription | undefined) => (row && row.provider !== "demo" ? billing : demoBilling);
  return {
    ...billing,
    scheduleDowngrade: (database, current, target, interval) => owner(current).scheduleDowngrade(database, current, target, interval),
    setCancellation: (database, current, cancel) => owner(current).setCancellation(database, current, cancel),
    changeSeats: (database, current, seats) => owner(current).changeSeats(database, current, seats),
    addedSeatsCost: (database, current, seats, now) => owner(current).addedSeatsCost(database, current, seats, now),
    portalUrl: (user, current) => owner(current).portalUrl(user, current),
  };
}

/** This server's provider: Stripe when STRIPE_SECRET_KEY is set, the demo provider otherwise. */
export function billingProvider(): BillingProvider {
  const stripe = stripeFromEnv();
  if (!stripe) return demoBilling;
  const secret = webhookSecret();
  return withDemoLeftovers(stripeBilling(stripe, env().APP_URL.replace(/\/$/, ""), secret ? { secret, queueMail } : null));
}
