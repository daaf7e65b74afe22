import { retryJobAsOperator } from "@/lib/admin/job-actions";
import { AdminJobAnswer } from "@/lib/api/contract/admin";
import { db } from "@/lib/db/client";
import { route } from "@/lib/http/route";
import { definitionOf } from "@/lib/worker/job-registry";

export const POST = route({ auth: "operator", answer: AdminJobAnswer }, async ({ user, params }) => ({
  job: await retryJobAsOperator(db(), user, params.id, definitionOf),
}));
