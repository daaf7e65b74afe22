import { plansForAdmin } from "@/lib/admin/plan-editing";
import { db } from "@/lib/db/client";
import { route } from "@/lib/http/route";
import * as adminApi from "@/lib/api/endpoints/admin";

export const GET = route(adminApi.adminPlans, { auth: "operator" }, async () => ({ plans: await plansForAdmin(db()) }));
