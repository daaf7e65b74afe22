import { plansForAdmin } from "@/lib/admin/plan-editing";
import { AdminPlansAnswer } from "@/lib/api/contract/admin";
import { db } from "@/lib/db/client";
import { route } from "@/lib/http/route";

export const GET = route({ auth: "operator", answer: AdminPlansAnswer }, async () => ({ plans: await plansForAdmin(db()) }));
