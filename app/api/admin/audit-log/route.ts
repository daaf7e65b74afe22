import { listAuditLog } from "@/lib/admin/audit-log";
import { parsePage } from "@/lib/admin/paging";
import { db } from "@/lib/db/client";
import { route } from "@/lib/http/route";
import * as adminApi from "@/lib/api/endpoints/admin";

export const GET = route(adminApi.adminAuditLog, { auth: "operator" }, async ({ request }) => {
  const params = new URL(request.url).searchParams;
  const page = parsePage(params);
  return listAuditLog(db(), page, (params.get("q") ?? "").slice(0, 200));
});
