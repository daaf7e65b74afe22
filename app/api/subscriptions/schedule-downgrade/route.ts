import { scheduleDowngrade } from "@/lib/billing/plan-changes";
import { billingProvider } from "@/lib/billing/provider";
import { db } from "@/lib/db/client";
import { route } from "@/lib/http/route";
import * as billingApi from "@/lib/api/endpoints/billing";

export const POST = route(billingApi.scheduleDowngrade, { auth: "user" }, async ({ user, body }) => ({
  message: await scheduleDowngrade(db(), billingProvider(), user, body),
}));
