import { retryModelDownloadAsOperator } from "@/lib/admin/model-download";
import { ModelRetryAnswer } from "@/lib/api/contract/admin";
import { db } from "@/lib/db/client";
import { route } from "@/lib/http/route";

export const POST = route({ auth: "operator", answer: ModelRetryAnswer }, async ({ user }) => ({
  workers: await retryModelDownloadAsOperator(db(), user),
}));
