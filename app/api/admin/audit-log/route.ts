import { listAuditLog } from "@/lib/admin/audit-log";
import { parsePage } from "@/lib/admin/paging";
import { AuditLogPage } from "@/lib/api/contract/admin";
import { db } from "@/lib/db/client";
import { route } from "@/lib/http/route";

export const GET = route({ auth: "operator", answer: AuditLogPage }, async ({ request }) => {
  const params = new URL(request.url).searchParams;
  const page = parsePage(params);
  return listAuditLog(db(), page, (params.get("q") ?? "").slice(0, 200));
});
