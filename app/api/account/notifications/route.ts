import { setEmailWhenDone } from "@/lib/accounts/notifications";
import { NotificationsAnswer, NotificationsBody } from "@/lib/api/contract/account";
import { db } from "@/lib/db/client";
import { route } from "@/lib/http/route";

export const PUT = route({ auth: "user", body: NotificationsBody, answer: NotificationsAnswer }, async ({ user, body }) => ({
  email_when_done: await setEmailWhenDone(db(), user.id, body.email_when_done),
}));
