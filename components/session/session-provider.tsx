"use client";

import { usePathname } from "next/navigation";
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import type { ApiUser } from "@/lib/api/contract/account";
import { checkOnboarding, checkSession, clearSession } from "./session-cache";

type Status = "loading" | "authenticated" | "unauthenticated";

interface SessionContextValue {
  status: Status;
  user: ApiUser | null;
  shouldShowOnboarding: boolean;
  /** Increases each time a check completes; the shell's loading grace keys on it. */
  checkId: number;
  /** Re-checks the session, bypassing the cache (after sign-in or a profile change). */
  refresh(): Promise<void>;
  /** Forgets the user and the onboarding flags (logout, "clear auth"). */
  clear(): void;
}

interface SessionCheck {
  user: ApiUser | null;
  onboarding: boolean;
}

/** The session check, then (signed in only) the once-per-session onboarding check. */
async function runChecks(): Promise<SessionCheck> {
  const user = await checkSession();
  return { user, onboarding: user ? await checkOnboarding() : false };
}

const SessionContext = createContext<SessionContextValue | null>(null);

export function SessionProvider({ children }: { children: ReactNode }) {
  const [status, setStatus] = useState<Status>("loading");
  const [user, setUser] = useState<ApiUser | null>(null);
  const [shouldShowOnboarding, setShouldShowOnboarding] = useState(false);
  const [checkId, setCheckId] = useState(0);

  const apply = useCallback((result: SessionCheck) => {
    setUser(result.user);
    setShouldShowOnboarding(result.onboarding);
    setStatus(result.user ? "authenticated" : "unauthenticated");
    setCheckId((n) => n + 1);
  }, []);

  useEffect(() => {
    let live = true;
    void runChecks().then((result) => live && apply(result));
    return () => {
      live = false;
    };
  }, [apply]);

  // On every navigation the (5-minute cached) check runs again in the background, so a
  // session that ended elsewhere is noticed without a spinner on each page.
  const pathname = usePathname();
  const firstPath = useRef(pathname);
  useEffect(() => {
    if (pathname === firstPath.current) return;
    firstPath.current = pathname;
    let live = true;
    void checkSession().then((me) => {
      if (!live) return;
      setUser((current) => (current?.id === me?.id && current?.name === me?.name && current?.picture === me?.picture ? current : me));
      setStatus(me ? "authenticated" : "unauthenticated");
    });
    return () => {
      live = false;
    };
  }, [pathname]);

  const refresh = useCallback(async () => {
    clearSession();
    setStatus("loading");
    apply(await runChecks());
  }, [apply]);

  const clear = useCallback(() => {
    clearSession();
    setUser(null);
    setShouldShowOnboarding(false);
    setStatus("unauthenticated");
  }, []);

  const value = useMemo(
    () => ({ status, user, shouldShowOnboarding, checkId, refresh, clear }),
    [status, user, shouldShowOnboarding, checkId, refresh, clear],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): SessionContextValue {
  const value = useContext(SessionContext);
  if (!value) throw new Error("useSession must be used inside <SessionProvider>");
  return value;
}
