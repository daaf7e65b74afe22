import { currentSubscription, toApiCurrent } from "@/lib/billing/current-subscription";
import { db } from "@/lib/db/client";
import { route } from "@/lib/http/route";
import { CurrentSubscription } from "@/lib/api/contract/billing";

export const GET = route({ auth: "user", answer: CurrentSubscription }, async ({ user }) => toApiCurrent(db(), user.id, await currentSubscription(db(), user.id)));
