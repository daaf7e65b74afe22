import { settingsForAdmin } from "@/lib/admin/setting-editing";
import { AdminSettingsAnswer } from "@/lib/api/contract/admin";
import { db } from "@/lib/db/client";
import { route } from "@/lib/http/route";

export const GET = route({ auth: "operator", answer: AdminSettingsAnswer }, async () => ({ settings: await settingsForAdmin(db()) }));
