import { currentUser } from "@/lib/auth/session";
import { shouldShowOnboarding } from "@/lib/billing/onboarding";
import { json, notAuthenticated } from "@/lib/http/responses";

export async function GET(request: Request) {
  const user = await currentUser(request.headers);
  if (!user) return notAuthenticated();
  return json({ should_show_onboarding: shouldShowOnboarding(user) });
}
