import { listAdminWorkspaces, parseWorkspaceSearch } from "@/lib/admin/admin-workspaces";
import { parsePage } from "@/lib/admin/paging";
import { db } from "@/lib/db/client";
import { route } from "@/lib/http/route";
import * as adminApi from "@/lib/api/endpoints/admin";

/** Read-only: operators see the workspaces; their owners and admins run them. */
export const GET = route(adminApi.adminWorkspaces, { auth: "operator" }, async ({ request }) => {
  const params = new URL(request.url).searchParams;
  const q = parseWorkspaceSearch(params);
  return listAdminWorkspaces(db(), q, parsePage(params));
});
