import { tiersForAdmin } from "@/lib/admin/tier-editing";
import { db } from "@/lib/db/client";
import { route } from "@/lib/http/route";

export const GET = route({ auth: "operator" }, async () => ({ tiers: await tiersForAdmin(db()) }));
