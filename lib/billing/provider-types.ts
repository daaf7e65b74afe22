import type { Database, Tx } from "@/lib/db/client";
import type { Plan, Subscription, User } from "@/lib/db/schema";
import type { BillingInterval, ScheduledPlanChange } from "./subscription-types";

export type BillingUser = Pick<User, "id" | "email" | "stripeCustomerId">;

/** What became of one webhook delivery (an event seen before is a duplicate; one about nothing we keep, ignored). */
export type WebhookOutcome = "processed" | "duplicate" | "ignored";

interface CheckoutOrder {
  user: BillingUser;
  plan: Plan;
  interval: BillingInterval;
  /** 0 for no trial */
  trialDays: number;
  /** said beside the payment where this server transcribes fewer of the plan's languages than it lists */
  languagesNote: string | null;
  /** a plan priced per seat: the seats to buy, and the fewest the buyer may choose there (the people their workspaces hold); null otherwise */
  seats: { quantity: number; minimum: number } | null;
}

/**
 * Who bills: Stripe, or the built-in demo provider of a server without a Stripe key.
 * plan-changes.ts decides what a user may do; a provider carries it out. Every subscription
 * state a provider writes goes through applySnapshot, as the Stripe webhooks' does.
 * Failures are DomainErrors (a BillingProviderError when the provider itself failed).
 */
export interface BillingProvider {
  /** Payments are tests: the demo checkout and billing pages are open (no card, no money). */
  readonly testPayments: boolean;
  /** Where the browser goes to pay for a plan: Stripe Checkout, or the demo checkout page. */
  checkoutUrl(database: Database, order: CheckoutOrder): Promise<string>;
  /** Moves the subscription to `target` at the end of its current period; returns the change queued. */
  scheduleDowngrade(database: Database, current: Subscription, target: Plan, interval: BillingInterval): Promise<ScheduledPlanChange>;
  /** Cancel at the end of the period (true), or take that back (false); returns the row written. */
  setCancellation(database: Database, current: Subscription, cancel: boolean): Promise<Subscription>;
  /**
   * Sets the seats of a running per-seat subscription (at Stripe: the item's quantity, the
   * difference prorated on the next invoice); returns the row written.
   */
  changeSeats(database: Database, current: Subscription, seats: number): Promise<Subscription>;
  /** What `changeSeats` to more seats would charge now (the difference prorated to the period's end), in dollars. */
  addedSeatsCost(database: Database, current: Subscription, seats: number, now: Date): Promise<Money>;
  /** Where "Manage billing" goes: Stripe's customer portal, or the demo billing page. */
  portalUrl(user: BillingUser, current: Subscription | undefined): Promise<string>;
  /**
   * Before an account is removed: its subscriptions end at the provider (at once, unused time
   * credited), so nobody is billed for an account that no longer exists. Throws when that
   * cannot be done; the caller then keeps the account.
   */
  cancelSubscriptionsOf(database: Database | Tx, userId: string): Promise<void>;
  /**
   * One delivery to the provider's webhook endpoint, `rawBody` exactly as it arrived: its
   * signature is checked, then the event recorded with its effects and mails in one
   * transaction. A provider that takes no webhooks answers not_found.
   */
  handleWebhook(database: Database, rawBody: string, signature: string | null): Promise<WebhookOutcome>;
}

/** An amount in a currency's main unit (26.67 US dollars), as the payment provider charges it. */
export interface Money {
  amount: number;
  /** ISO 4217, lower case as Stripe writes it ("usd") */
  currency: string;
}
