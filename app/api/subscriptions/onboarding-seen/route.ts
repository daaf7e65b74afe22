import { currentUser } from "@/lib/auth/session";
import { markOnboardingSeen } from "@/lib/billing/onboarding";
import { json, notAuthenticated } from "@/lib/http/responses";

/** No body expected; any body sent is ignored rather than refused. */
export async function POST(request: Request) {
  const user = await currentUser(request.headers);
  if (!user) return notAuthenticated();
  await markOnboardingSeen(user.id);
  return json({ ok: true });
}
