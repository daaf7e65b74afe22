/** Refusals both billing providers give, in one wording. */
import { DomainError } from "@/lib/errors/domain-error";

/** A subscription this server's provider cannot change (a Stripe one, and no Stripe key). */
export const billingNotConfigured = () => new DomainError("unavailable", "Billing is not configured on this server. Contact support.");

/** A webhook delivery to a server that takes none (no Stripe key, or no webhook secret). */
export const webhooksOff = () => new DomainError("not_found", "Stripe is not configured on this server.");

/** A subscription whose first period the provider has not reported yet. */
export const noBillingPeriod = () => new DomainError("conflict", "This subscription has no billing period to end yet. Try again in a minute.");
