"use client";

import dynamic from "next/dynamic";
import { usePathname } from "next/navigation";
import { useEffect, useState, type ReactNode } from "react";
import { UpgradeModalProvider } from "@/components/billing/upgrade-modal-provider";
import { useSession } from "@/components/session/session-provider";
import { CONTENT_ID } from "./content-id";
import { Footer } from "./footer";
import { LoadingScreen } from "./loading-screen";

// Signed-in users only (Radix menus and tooltips): loaded for them, so signed-out pages do not
// carry it in their first-load JavaScript.
const NavBar = dynamic(() => import("./nav-bar").then((m) => m.NavBar));

/** Spec §2: the spinner stays about 0.1 s past the session and onboarding checks. */
const LOADING_GRACE_MS = 100;

// A share link's page is for strangers: its own header links home and to sign-up, nothing else.
const PATHS_WITHOUT_NAV = new Set(["/", "/login", "/shared"]);

export function AppShell({ children }: { children: ReactNode }) {
  const pathname = usePathname();
  const { status, user, checkId } = useSession();
  // The check whose grace period has run out; the spinner hides once it is the latest one.
  const [graceDoneFor, setGraceDoneFor] = useState(-1);
  const ready = status !== "loading" && graceDoneFor === checkId;

  useEffect(() => {
    if (status === "loading") return;
    const timer = setTimeout(() => setGraceDoneFor(checkId), LOADING_GRACE_MS);
    return () => clearTimeout(timer);
  }, [status, checkId]);

  const showNav = Boolean(user) && !PATHS_WITHOUT_NAV.has(pathname);
  return (
    <UpgradeModalProvider ready={ready}>
      {!ready && <LoadingScreen />}
      <div className="flex min-h-dvh flex-col" aria-busy={!ready}>
        {showNav && user && <NavBar user={user} />}
        {/* The skip link's target: focusable from script only, so it takes focus without a ring. */}
        <div id={CONTENT_ID} tabIndex={-1} className="flex-1 outline-none">
          {children}
        </div>
        {pathname === "/" && <Footer />}
      </div>
    </UpgradeModalProvider>
  );
}
