import { settingsForAdmin } from "@/lib/admin/setting-editing";
import { db } from "@/lib/db/client";
import { route } from "@/lib/http/route";

export const GET = route({ auth: "operator" }, async () => ({ settings: await settingsForAdmin(db()) }));
