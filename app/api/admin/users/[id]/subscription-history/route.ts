import { subscriptionHistory } from "@/lib/admin/subscription-history";
import { db } from "@/lib/db/client";
import { route } from "@/lib/http/route";
import * as adminApi from "@/lib/api/endpoints/admin";

export const GET = route(adminApi.adminSubscriptionHistory, { auth: "operator" }, async ({ params }) => subscriptionHistory(db(), params.id));
