import { OK } from "@/lib/api/contract/common";
import { markOnboardingSeen } from "@/lib/billing/onboarding";
import { db } from "@/lib/db/client";
import { route } from "@/lib/http/route";
import * as billingApi from "@/lib/api/endpoints/billing";

/** No body expected; any body sent is ignored rather than refused. */
export const POST = route(billingApi.markOnboardingSeen, { auth: "user" }, async ({ user }) => {
  await markOnboardingSeen(db(), user.id);
  return OK;
});
