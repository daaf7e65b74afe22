import { apiCall } from "@/lib/api/client";
import type { ApiUser } from "@/lib/api/contract/account";

/**
 * The browser's view of the session (spec §4): the check result is cached for 5 minutes,
 * a check already in flight is shared rather than repeated, and a failed check means
 * "not logged in". The answers' contracts (and with them zod) are imported when a check
 * runs, so they are not part of any page's first-load JavaScript.
 */
export const SESSION_CACHE_MS = 5 * 60 * 1000;

interface Cached {
  user: ApiUser | null;
  at: number;
}

let cached: Cached | null = null;
let inFlight: Promise<ApiUser | null> | null = null;
// Bumped by clearSession: a check that started before a logout must not restore the user.
let generation = 0;
let onboardingPromise: Promise<boolean> | null = null;

export async function checkSession(now = Date.now): Promise<ApiUser | null> {
  if (cached && now() - cached.at < SESSION_CACHE_MS) return cached.user;
  if (inFlight) return inFlight;
  const started = generation;
  const check = (async () => {
    // Signed out, a network failure or an answer we cannot read: not logged in.
    const { ApiUser } = await import("@/lib/api/contract/account");
    const result = await apiCall("/api/me", { answer: ApiUser });
    const user = result.ok ? result.data : null;
    if (started !== generation) return null;
    cached = { user, at: now() };
    return user;
  })();
  inFlight = check;
  void check.finally(() => {
    if (inFlight === check) inFlight = null;
  });
  return check;
}

/** Once per session: whether the onboarding subscription modal should open. */
export async function checkOnboarding(): Promise<boolean> {
  if (onboardingPromise) return onboardingPromise;
  onboardingPromise = (async () => {
    const { OnboardingStatus } = await import("@/lib/api/contract/billing");
    const result = await apiCall("/api/subscriptions/onboarding-status", { answer: OnboardingStatus });
    return result.ok && result.data.should_show_onboarding;
  })();
  return onboardingPromise;
}

/** Logout and "clear auth" reset the user and the onboarding flags. */
export function clearSession(): void {
  generation += 1;
  cached = null;
  inFlight = null;
  onboardingPromise = null;
}
