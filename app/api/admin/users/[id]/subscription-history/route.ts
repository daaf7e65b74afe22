import { subscriptionHistory } from "@/lib/admin/subscription-history";
import { db } from "@/lib/db/client";
import { route } from "@/lib/http/route";

export const GET = route({ auth: "operator" }, async ({ params }) => subscriptionHistory(db(), params.id));
