import { PlanChoice, scheduleDowngrade } from "@/lib/billing/plan-changes";
import { billingProvider } from "@/lib/billing/provider";
import { db } from "@/lib/db/client";
import { route } from "@/lib/http/route";

export const POST = route({ auth: "user", body: PlanChoice }, async ({ user, body }) => ({
  message: await scheduleDowngrade(db(), billingProvider(), user, body),
}));
