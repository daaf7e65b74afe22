import { listJobsForOperator } from "@/lib/admin/job-actions";
import { db } from "@/lib/db/client";
import { route } from "@/lib/http/route";
import { definitionOf } from "@/lib/worker/job-registry";
import * as adminApi from "@/lib/api/endpoints/admin";

export const GET = route(adminApi.adminJobs, { auth: "operator" }, async ({ query }) =>
  listJobsForOperator(db(), { kind: query.kind, state: query.state }, { page: query.page, pageSize: query.page_size }, definitionOf),
);
