import { tiersForAdmin } from "@/lib/admin/tier-editing";
import { db } from "@/lib/db/client";
import { route } from "@/lib/http/route";
import * as adminApi from "@/lib/api/endpoints/admin";

export const GET = route(adminApi.adminTiers, { auth: "operator" }, async () => ({ tiers: await tiersForAdmin(db()) }));
