import { shouldShowOnboarding } from "@/lib/billing/onboarding";
import { db } from "@/lib/db/client";
import { route } from "@/lib/http/route";
import * as billingApi from "@/lib/api/endpoints/billing";

export const GET = route(billingApi.onboardingStatus, { auth: "user" }, async ({ user }) => ({ should_show_onboarding: await shouldShowOnboarding(db(), user) }));
