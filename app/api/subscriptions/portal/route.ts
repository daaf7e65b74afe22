import { billingPortalUrl } from "@/lib/billing/plan-changes";
import { billingProvider } from "@/lib/billing/provider";
import { db } from "@/lib/db/client";
import { route } from "@/lib/http/route";
import { PortalAnswer } from "@/lib/api/contract/billing";

/** Manage billing: payment methods and invoices at Stripe's portal (or the demo billing page). */
export const POST = route({ auth: "user", answer: PortalAnswer }, async ({ user }) => ({ url: await billingPortalUrl(db(), billingProvider(), user) }));
