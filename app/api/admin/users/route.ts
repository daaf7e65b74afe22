import { parseUserFilters, listAdminUsers } from "@/lib/admin/admin-users";
import { forOperators } from "@/lib/admin/operator-request";
import { parsePage } from "@/lib/admin/paging";
import { db } from "@/lib/db/client";
import { errorResponse, json } from "@/lib/http/responses";

export const GET = forOperators(async (request) => {
  const params = new URL(request.url).searchParams;
  const filters = parseUserFilters(params);
  if (!filters.ok) return errorResponse(400, filters.detail);
  const page = parsePage(params);
  if (!page.ok) return errorResponse(400, page.detail);
  return json(await listAdminUsers(db(), filters.value, page.value));
});
