import { cancelJobAsOperator } from "@/lib/admin/job-actions";
import { db } from "@/lib/db/client";
import { route } from "@/lib/http/route";
import { definitionOf } from "@/lib/worker/job-registry";
import * as adminApi from "@/lib/api/endpoints/admin";

export const POST = route(adminApi.adminCancelJob, { auth: "operator" }, async ({ user, params }) => ({
  job: await cancelJobAsOperator(db(), user, params.id, definitionOf),
}));
