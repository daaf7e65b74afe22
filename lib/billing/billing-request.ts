import { currentUser } from "@/lib/auth/session";
import { env } from "@/lib/env";
import { db } from "@/lib/db/client";
import { errorResponse, json, notAuthenticated } from "@/lib/http/responses";
import { toApiCurrent } from "./current-subscription";
import { setCancellation, type BillingDeps, type BillingUser } from "./plan-changes";
import { stripeFromEnv } from "./stripe/client";

export function billingDeps(): BillingDeps {
  return { stripe: stripeFromEnv(), appUrl: env().APP_URL.replace(/\/$/, "") };
}

export type BillingRequest = { ok: true; user: BillingUser } | { ok: false; response: Response };

export async function billingUser(request: Request): Promise<BillingRequest> {
  const user = await currentUser(request.headers);
  if (!user) return { ok: false, response: notAuthenticated() };
  return { ok: true, user: { id: user.id, email: user.email, stripeCustomerId: user.stripeCustomerId ?? null } };
}

/** POST handler that cancels at period end (true) or resumes (false). */
export function cancellationHandler(cancel: boolean) {
  return async (request: Request): Promise<Response> => {
    const who = await billingUser(request);
    if (!who.ok) return who.response;
    const result = await setCancellation(db(), who.user.id, cancel, billingDeps());
    return result.ok ? json(await toApiCurrent(db(), result.value)) : errorResponse(result.status, result.detail);
  };
}
