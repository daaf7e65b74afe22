import Stripe from "stripe";
import { DomainError } from "@/lib/errors/domain-error";

/**
 * A payment-provider call failed (kind provider_failed). `message` is safe to show to the
 * user. The provider's own error (type, code, request id) is kept in `providerCode` /
 * `requestId` and `cause` for logs — never the API key.
 */
export class BillingProviderError extends DomainError {
  /** Stripe's error code or type (e.g. "resource_missing", "api_error"), for logs */
  readonly providerCode: string | null;
  /** Stripe's request id (req_…), for support tickets */
  readonly requestId: string | null;

  constructor(message: string, options: { cause?: unknown } = {}) {
    super("provider_failed", message);
    this.name = "BillingProviderError";
    if (options.cause !== undefined) this.cause = options.cause;
    const stripeError = options.cause instanceof Stripe.errors.StripeError ? options.cause : null;
    this.providerCode = stripeError ? (stripeError.code ?? stripeError.type ?? null) : null;
    this.requestId = stripeError?.requestId ?? null;
  }
}

/** True for Stripe's "No such …" answer (HTTP 404, code resource_missing). */
export function isResourceMissing(error: unknown): boolean {
  return (
    error instanceof Stripe.errors.StripeError &&
    (error.code === "resource_missing" || error.statusCode === 404)
  );
}

/**
 * Runs one provider call and turns any failure into a BillingProviderError with
 * `userMessage`. Errors that already are BillingProviderErrors pass through unchanged.
 */
export async function callProvider<T>(userMessage: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof BillingProviderError) throw error;
    throw new BillingProviderError(userMessage, { cause: error });
  }
}
