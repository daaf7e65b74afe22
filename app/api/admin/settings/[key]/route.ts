import { updateSetting } from "@/lib/admin/setting-editing";
import { db } from "@/lib/db/client";
import { route } from "@/lib/http/route";
import * as adminApi from "@/lib/api/endpoints/admin";

export const PATCH = route(adminApi.adminUpdateSetting, { auth: "operator" }, async ({ user, params, body }) => ({
  setting: await updateSetting(db(), user, params.key, body),
}));
