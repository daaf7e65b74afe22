import { tiersForAdmin } from "@/lib/admin/tier-editing";
import { AdminTiersAnswer } from "@/lib/api/contract/admin";
import { db } from "@/lib/db/client";
import { route } from "@/lib/http/route";

export const GET = route({ auth: "operator", answer: AdminTiersAnswer }, async () => ({ tiers: await tiersForAdmin(db()) }));
