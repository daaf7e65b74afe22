import { cancellationHandler } from "@/lib/billing/billing-request";

/** Cancel at the end of the current period (paid features last until then). */
export const POST = cancellationHandler(true);
