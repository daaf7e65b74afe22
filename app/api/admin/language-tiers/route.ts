import { forOperators } from "@/lib/admin/operator-request";
import { tiersForAdmin } from "@/lib/admin/tier-editing";
import { db } from "@/lib/db/client";
import { json } from "@/lib/http/responses";

export const GET = forOperators(async () => json({ tiers: await tiersForAdmin(db()) }));
