"use client";

import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from "react";
import type { ApiUser } from "@/lib/auth/session";
import { checkOnboarding, checkSession, clearSession } from "@/lib/session/session-store";

type Status = "loading" | "authenticated" | "unauthenticated";

interface SessionContextValue {
  status: Status;
  user: ApiUser | null;
  shouldShowOnboarding: boolean;
  /** Re-checks the session, bypassing the cache (after sign-in or a profile change). */
  refresh(): Promise<void>;
  /** Forgets the user and the onboarding flags (logout, "clear auth"). */
  clear(): void;
}

const SessionContext = createContext<SessionContextValue | null>(null);

export function SessionProvider({ children }: { children: ReactNode }) {
  const [status, setStatus] = useState<Status>("loading");
  const [user, setUser] = useState<ApiUser | null>(null);
  const [shouldShowOnboarding, setShouldShowOnboarding] = useState(false);

  const load = useCallback(async () => {
    const me = await checkSession();
    const onboarding = me ? await checkOnboarding() : false;
    setUser(me);
    setShouldShowOnboarding(onboarding);
    setStatus(me ? "authenticated" : "unauthenticated");
  }, []);

  useEffect(() => {
    // The check runs once on start-up; later checks are explicit (refresh) or cached.
    void load();
  }, [load]);

  const refresh = useCallback(async () => {
    clearSession();
    setStatus("loading");
    await load();
  }, [load]);

  const clear = useCallback(() => {
    clearSession();
    setUser(null);
    setShouldShowOnboarding(false);
    setStatus("unauthenticated");
  }, []);

  const value = useMemo(
    () => ({ status, user, shouldShowOnboarding, refresh, clear }),
    [status, user, shouldShowOnboarding, refresh, clear],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): SessionContextValue {
  const value = useContext(SessionContext);
  if (!value) throw new Error("useSession must be used inside <SessionProvider>");
  return value;
}
