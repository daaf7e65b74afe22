import { listJobsForOperator } from "@/lib/admin/job-actions";
import { AdminJobPage, JobListQuery } from "@/lib/api/contract/admin";
import { db } from "@/lib/db/client";
import { route } from "@/lib/http/route";
import { definitionOf } from "@/lib/worker/job-registry";

export const GET = route({ auth: "operator", query: JobListQuery, answer: AdminJobPage }, async ({ query }) =>
  listJobsForOperator(db(), { kind: query.kind, state: query.state }, { page: query.page, pageSize: query.page_size }, definitionOf),
);
