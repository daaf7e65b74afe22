import type { ApiUser } from "@/lib/auth/session";

/**
 * The browser's view of the session (spec §4): the check result is cached for 5 minutes,
 * a check already in flight is shared rather than repeated, and a failed check means
 * "not logged in".
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

export async function checkSession(fetcher: typeof fetch = fetch, now = Date.now): Promise<ApiUser | null> {
  if (cached && now() - cached.at < SESSION_CACHE_MS) return cached.user;
  if (inFlight) return inFlight;
  const started = generation;
  const check = (async () => {
    let user: ApiUser | null = null;
    try {
      const res = await fetcher("/api/me", { credentials: "include", cache: "no-store" });
      user = res.ok ? ((await res.json()) as ApiUser) : null;
    } catch {
      user = null;
    }
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
export async function checkOnboarding(fetcher: typeof fetch = fetch): Promise<boolean> {
  if (onboardingPromise) return onboardingPromise;
  onboardingPromise = (async () => {
    try {
      const res = await fetcher("/api/subscriptions/onboarding-status", { credentials: "include", cache: "no-store" });
      if (!res.ok) return false;
      const body = (await res.json()) as { should_show_onboarding?: boolean };
      return Boolean(body.should_show_onboarding);
    } catch {
      return false;
    }
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
