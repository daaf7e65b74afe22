import { setEmailWhenDone } from "@/lib/account/notifications";
import { db } from "@/lib/db/client";
import { route } from "@/lib/http/route";
import * as accountApi from "@/lib/api/endpoints/account";

export const PUT = route(accountApi.setNotifications, { auth: "user" }, async ({ user, body }) => ({
  email_when_done: await setEmailWhenDone(db(), user.id, body.email_when_done),
}));
