import { billingPortalUrl } from "@/lib/billing/plan-changes";
import { billingProvider } from "@/lib/billing/provider";
import { db } from "@/lib/db/client";
import { route } from "@/lib/http/route";
import * as billingApi from "@/lib/api/endpoints/billing";

/** Manage billing: payment methods and invoices at Stripe's portal (or the demo billing page). */
export const POST = route(billingApi.openBillingPortal, { auth: "user" }, async ({ user }) => ({ url: await billingPortalUrl(db(), billingProvider(), user) }));
