import { and, eq, isNotNull, ne } from "drizzle-orm";
import type Stripe from "stripe";
import { BillingProviderError } from "@/lib/billing/stripe/errors";
import { cancelSubscriptionNow } from "@/lib/billing/stripe/subscriptions";
import type { Database } from "@/lib/db/client";
import { subscriptions } from "@/lib/db/schema";

export const STRIPE_NEEDED_FOR_REMOVAL =
  "This account has a Stripe subscription, and this server has no Stripe key to cancel it with. Set STRIPE_SECRET_KEY, then try again.";

/**
 * Before an account is removed, its Stripe subscriptions end at Stripe (at once, unused time
 * credited), so nobody is billed for an account that no longer exists. Throws a
 * BillingProviderError when that cannot be done; the caller then keeps the account.
 * Demo subscriptions have nothing outside the database to end.
 */
export async function cancelStripeSubscriptionsOf(database: Database, userId: string, stripe: Stripe | null): Promise<string[]> {
  const rows = await database
    .select({ stripeId: subscriptions.stripeSubscriptionId })
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.userId, userId),
        eq(subscriptions.provider, "stripe"),
        ne(subscriptions.status, "canceled"),
        isNotNull(subscriptions.stripeSubscriptionId),
      ),
    );
  const ids = rows.map((r) => r.stripeId).filter((id): id is string => Boolean(id));
  if (ids.length && !stripe) throw new BillingProviderError(503, STRIPE_NEEDED_FOR_REMOVAL);
  for (const id of ids) await cancelSubscriptionNow(stripe!, id);
  return ids;
}

