import { shouldShowOnboarding } from "@/lib/billing/onboarding";
import { route } from "@/lib/http/route";

export const GET = route({ auth: "user" }, async ({ user }) => ({ should_show_onboarding: shouldShowOnboarding(user) }));
