import { listAuditLog } from "@/lib/admin/audit-log";
import { forOperators } from "@/lib/admin/operator-request";
import { parsePage } from "@/lib/admin/paging";
import { db } from "@/lib/db/client";
import { errorResponse, json } from "@/lib/http/responses";

export const GET = forOperators(async (request) => {
  const params = new URL(request.url).searchParams;
  const page = parsePage(params);
  if (!page.ok) return errorResponse(400, page.detail);
  const q = (params.get("q") ?? "").slice(0, 200);
  return json(await listAuditLog(db(), page.value, q));
});
