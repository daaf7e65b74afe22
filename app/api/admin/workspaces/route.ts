import { listAdminWorkspaces, parseWorkspaceSearch } from "@/lib/admin/admin-workspaces";
import { parsePage } from "@/lib/admin/paging";
import { AdminWorkspacePage } from "@/lib/api/contract/admin-workspaces";
import { db } from "@/lib/db/client";
import { route } from "@/lib/http/route";

/** Read-only: operators see the workspaces; their owners and admins run them. */
export const GET = route({ auth: "operator", answer: AdminWorkspacePage }, async ({ request }) => {
  const params = new URL(request.url).searchParams;
  const q = parseWorkspaceSearch(params);
  return listAdminWorkspaces(db(), q, parsePage(params));
});
