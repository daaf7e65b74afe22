import { scheduleDowngrade } from "@/lib/billing/plan-changes";
import { billingProvider } from "@/lib/billing/provider";
import { db } from "@/lib/db/client";
import { route } from "@/lib/http/route";
import { DowngradeAnswer } from "@/lib/api/contract/billing";
import { PlanChoice } from "@/lib/api/contract/billing-input";

export const POST = route({ auth: "user", body: PlanChoice, answer: DowngradeAnswer }, async ({ user, body }) => ({
  message: await scheduleDowngrade(db(), billingProvider(), user, body),
}));
