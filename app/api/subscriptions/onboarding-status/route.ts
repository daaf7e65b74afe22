import { shouldShowOnboarding } from "@/lib/billing/onboarding";
import { route } from "@/lib/http/route";
import { OnboardingStatus } from "@/lib/api/contract/billing";

export const GET = route({ auth: "user", answer: OnboardingStatus }, async ({ user }) => ({ should_show_onboarding: shouldShowOnboarding(user) }));
