import { setEmailWhenDone } from "@/lib/accounts/notifications";
import { NotificationsAnswer } from "@/lib/api/contract/account";
import { NotificationsBody } from "@/lib/api/contract/account-input";
import { db } from "@/lib/db/client";
import { parseJsonBody } from "@/lib/http/body";
import { route } from "@/lib/http/route";

export const PUT = route({ auth: "user", answer: NotificationsAnswer }, async ({ request, user }) => {
  const { email_when_done } = await parseJsonBody(request, NotificationsBody);
  return { email_when_done: await setEmailWhenDone(db(), user.id, email_when_done) };
});
