import { plansForAdmin } from "@/lib/admin/plan-editing";
import { db } from "@/lib/db/client";
import { route } from "@/lib/http/route";

export const GET = route({ auth: "operator" }, async () => ({ plans: await plansForAdmin(db()) }));
