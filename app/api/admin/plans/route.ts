import { forOperators } from "@/lib/admin/operator-request";
import { plansForAdmin } from "@/lib/admin/plan-editing";
import { db } from "@/lib/db/client";
import { json } from "@/lib/http/responses";

export const GET = forOperators(async () => json({ plans: await plansForAdmin(db()) }));
