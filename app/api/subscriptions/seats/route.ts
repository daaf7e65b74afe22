import { toApiCurrent } from "@/lib/billing/current-subscription";
import { changeSeats } from "@/lib/billing/plan-changes";
import { billingProvider } from "@/lib/billing/provider";
import { db } from "@/lib/db/client";
import { route } from "@/lib/http/route";
import * as billingApi from "@/lib/api/endpoints/billing";

/** The seats of a running per-seat subscription (Team): more at once (prorated), fewer down to the people the workspaces hold. */
export const POST = route(billingApi.changeSeats, { auth: "user" }, async ({ user, body }) =>
  toApiCurrent(db(), user.id, await changeSeats(db(), billingProvider(), user.id, body.seats)),
);
