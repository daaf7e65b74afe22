import { listAdminUsers, parseUserFilters } from "@/lib/admin/admin-users";
import { parsePage } from "@/lib/admin/paging";
import { db } from "@/lib/db/client";
import { route } from "@/lib/http/route";
import * as adminApi from "@/lib/api/endpoints/admin";

// The filters' and the page's own parsers keep their 400 sentences (the filters' carry no field name).
export const GET = route(adminApi.adminUsers, { auth: "operator" }, async ({ request }) => {
  const params = new URL(request.url).searchParams;
  const filters = parseUserFilters(params);
  return listAdminUsers(db(), filters, parsePage(params));
});
