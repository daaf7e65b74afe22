import { forOperators } from "@/lib/admin/operator-request";
import { settingPatchSchema, updateSetting } from "@/lib/admin/setting-editing";
import { db } from "@/lib/db/client";
import { parseJsonBody } from "@/lib/http/body";
import { outcomeResponse } from "@/lib/http/outcome";

type Context = { params: Promise<{ key: string }> };

export const PATCH = forOperators<Context>(async (request, operator, { params }) => {
  const body = await parseJsonBody(request, settingPatchSchema);
  if (!body.ok) return body.response;
  return outcomeResponse(await updateSetting(db(), operator, (await params).key, body.data), (setting) => ({ setting }));
});
