import { forOperators } from "@/lib/admin/operator-request";
import { settingsForAdmin } from "@/lib/admin/setting-editing";
import { db } from "@/lib/db/client";
import { json } from "@/lib/http/responses";

export const GET = forOperators(async () => json({ settings: await settingsForAdmin(db()) }));
