import { currentSubscription, toApiCurrent } from "@/lib/billing/current-subscription";
import { db } from "@/lib/db/client";
import { route } from "@/lib/http/route";
import * as billingApi from "@/lib/api/endpoints/billing";

export const GET = route(billingApi.currentSubscription, { auth: "user" }, async ({ user }) => toApiCurrent(db(), user.id, await currentSubscription(db(), user.id)));
