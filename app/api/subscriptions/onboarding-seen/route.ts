import { OK, OkAnswer } from "@/lib/api/contract/common";
import { markOnboardingSeen } from "@/lib/billing/onboarding";
import { db } from "@/lib/db/client";
import { route } from "@/lib/http/route";

/** No body expected; any body sent is ignored rather than refused. */
export const POST = route({ auth: "user", answer: OkAnswer }, async ({ user }) => {
  await markOnboardingSeen(db(), user.id);
  return OK;
});
