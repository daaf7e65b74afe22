import { updateSetting } from "@/lib/admin/setting-editing";
import { AdminSettingAnswer, SettingPatchBody } from "@/lib/api/contract/admin";
import { db } from "@/lib/db/client";
import { route } from "@/lib/http/route";

export const PATCH = route({ auth: "operator", body: SettingPatchBody, answer: AdminSettingAnswer }, async ({ user, params, body }) => ({
  setting: await updateSetting(db(), user, params.key, body),
}));
