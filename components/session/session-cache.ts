import { apiRead, call } from "@/lib/api/client";
import type { ApiUser } from "@/lib/api/contract/account";
import { readSessionUser } from "@/lib/api/contract/session-user";
import { me } from "@/lib/api/endpoints/session";

/**
 * The browser's view of the session (spec §4): the check result is cached for 5 minutes,
 * a check already in flight is shared rather than repeated, and a failed check means
 * "not logged in". The session check reads its answer without zod (contract/session-user.ts),
 * so a signed-out page never loads zod for it; the onboarding check's endpoint (and its
 * contract) is imported when it runs.
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
    const user = await fetchSessionUser();
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

/** `GET /api/me`. Signed out, a network failure or an answer we cannot read: not logged in. */
async function fetchSessionUser(): Promise<ApiUser | null> {
  const result = await apiRead(me, readSessionUser);
  return result.ok ? result.data : null;
}

/** Once per session: whether the onboarding subscription modal should open. */
export async function checkOnboarding(): Promise<boolean> {
  if (onboardingPromise) return onboardingPromise;
  onboardingPromise = (async () => {
    const { onboardingStatus } = await import("@/lib/api/endpoints/billing");
    const result = await call(onboardingStatus);
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
