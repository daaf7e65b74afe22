import { currentSubscription, toApiCurrent } from "@/lib/billing/current-subscription";
import { db } from "@/lib/db/client";
import { route } from "@/lib/http/route";

export const GET = route({ auth: "user" }, async ({ user }) => toApiCurrent(db(), await currentSubscription(db(), user.id)));
