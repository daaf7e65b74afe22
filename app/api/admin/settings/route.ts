import { settingsForAdmin } from "@/lib/admin/setting-editing";
import { db } from "@/lib/db/client";
import { route } from "@/lib/http/route";
import * as adminApi from "@/lib/api/endpoints/admin";

export const GET = route(adminApi.adminSettings, { auth: "operator" }, async () => ({ settings: await settingsForAdmin(db()) }));
