import { settingPatchSchema, updateSetting } from "@/lib/admin/setting-editing";
import { db } from "@/lib/db/client";
import { route } from "@/lib/http/route";

export const PATCH = route({ auth: "operator", body: settingPatchSchema }, async ({ user, params, body }) => ({
  setting: await updateSetting(db(), user, params.key, body),
}));
