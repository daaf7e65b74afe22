"use client";

import { usePathname } from "next/navigation";
import { useEffect, useState, type ReactNode } from "react";
import { useSession } from "@/components/session/session-provider";
import { Footer } from "./footer";
import { LoadingScreen } from "./loading-screen";
import { NavBar } from "./nav-bar";

/** Spec §2: the spinner stays about 0.1 s past the session and onboarding checks. */
export const LOADING_GRACE_MS = 100;

const PATHS_WITHOUT_NAV = new Set(["/", "/login"]);

export function AppShell({ children }: { children: ReactNode }) {
  const pathname = usePathname();
  const { status, user } = useSession();
  const [ready, setReady] = useState(false);

  useEffect(() => {
    if (status === "loading") {
      setReady(false);
      return;
    }
    const timer = setTimeout(() => setReady(true), LOADING_GRACE_MS);
    return () => clearTimeout(timer);
  }, [status]);

  const showNav = Boolean(user) && !PATHS_WITHOUT_NAV.has(pathname);
  return (
    <>
      {!ready && <LoadingScreen />}
      <div className="flex min-h-dvh flex-col" aria-busy={!ready}>
        {showNav && user && <NavBar user={user} />}
        <div className="flex-1">{children}</div>
        {pathname === "/" && <Footer />}
      </div>
    </>
  );
}
