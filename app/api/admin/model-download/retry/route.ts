import { retryModelDownloadAsOperator } from "@/lib/admin/model-download";
import { db } from "@/lib/db/client";
import { route } from "@/lib/http/route";
import * as adminApi from "@/lib/api/endpoints/admin";

export const POST = route(adminApi.adminRetryModelDownload, { auth: "operator" }, async ({ user }) => ({
  workers: await retryModelDownloadAsOperator(db(), user),
}));
