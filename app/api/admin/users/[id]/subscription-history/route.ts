import { subscriptionHistory } from "@/lib/admin/subscription-history";
import { SubscriptionHistory } from "@/lib/api/contract/admin";
import { db } from "@/lib/db/client";
import { route } from "@/lib/http/route";

export const GET = route({ auth: "operator", answer: SubscriptionHistory }, async ({ params }) => subscriptionHistory(db(), params.id));
