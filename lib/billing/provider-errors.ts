/** Refusals both billing providers give, in one wording. */
import { DomainError } from "@/lib/errors/domain-error";

/** A subscription this server's provider cannot change (a Stripe one, and no Stripe key). */
export const billingNotConfigured = () => new DomainError("unavailable", "Billing is not configured on this server. Contact support.");

/** A subscription whose first period the provider has not reported yet. */
export const noBillingPeriod = () => new DomainError("conflict", "This subscription has no billing period to end yet. Try again in a minute.");
