import { scheduleDowngrade } from "@/lib/billing/plan-changes";
import { billingProvider } from "@/lib/billing/provider";
import { db } from "@/lib/db/client";
import { route } from "@/lib/http/route";
import { DowngradeAnswer, PlanChoice } from "@/lib/api/contract/billing";

export const POST = route({ auth: "user", body: PlanChoice, answer: DowngradeAnswer }, async ({ user, body }) => ({
  message: await scheduleDowngrade(db(), billingProvider(), user, body),
}));
