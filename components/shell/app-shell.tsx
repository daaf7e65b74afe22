"use client";

import dynamic from "next/dynamic";
import { usePathname } from "next/navigation";
import { useEffect, useState, type ReactNode } from "react";
import { UpgradeModalProvider } from "@/components/billing/upgrade-modal-provider";
import { useSession } from "@/components/session/session-provider";
import { SHELL_READY_ATTRIBUTE, SIGNED_OUT_ATTRIBUTE } from "@/lib/landing/shell-attributes";
import { CONTENT_ID } from "./content-id";
import { Footer } from "./footer";
import { LoadingScreen } from "./loading-screen";
import { LOADING_GRACE_MS } from "./loading-grace";

// Signed-in users only (Radix menus and tooltips): loaded for them, so signed-out pages do not
// carry it in their first-load JavaScript.
const NavBar = dynamic(() => import("./nav-bar").then((m) => m.NavBar));


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

  // The landing page may have hidden the spinner by its own check before this shell ran; once
  // this shell's check is done, showing it is the shell's alone (after signing in, say).
  useEffect(() => {
    if (!ready) return;
    document.documentElement.removeAttribute(SIGNED_OUT_ATTRIBUTE);
    document.documentElement.setAttribute(SHELL_READY_ATTRIBUTE, "");
  }, [ready]);

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
