import { cancellationHandler } from "@/lib/billing/billing-request";

/** Take back a cancellation at period end. */
export const POST = cancellationHandler(false);
