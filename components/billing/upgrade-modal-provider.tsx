"use client";

import dynamic from "next/dynamic";
import { usePathname } from "next/navigation";
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import { useSession } from "@/components/session/session-provider";
import { track } from "@/lib/analytics/track";

// Only signed-in users get the modal (Radix Dialog, plan cards, the billing contract): loaded
// for them, so no signed-out page carries it in its first-load JavaScript.
const SubscriptionModal = dynamic(() => import("./subscription-modal").then((m) => m.SubscriptionModal));

export interface UpgradeModalApi {
  /** Opens the subscription modal (plans, monthly/annual, checkout and downgrades). */
  open(): void;
}

/**
 * Pages where the plan dialog never opens by itself: an invitation (joining a team, whose owner
 * pays) and the checkout pages (a plan is being bought); it would cover what the page is for.
 */
const NO_ONBOARDING_PREFIXES = ["/invitations/", "/billing/"];

const UpgradeModalContext = createContext<UpgradeModalApi | null>(null);

/**
 * One subscription modal for the whole app. It opens by itself once per page session when
 * the session says onboarding should be shown (spec §4), and never again after it was
 * closed; closing it then reports onboarding as seen, once. Any page can open it with
 * `useUpgradeModal().open()`. Renders nothing for signed-out visitors.
 *
 * `ready`: whether the shell has finished loading; the onboarding modal waits for it so it
 * does not open under the loading screen.
 */
export function UpgradeModalProvider({ children, ready = true }: { children: ReactNode; ready?: boolean }) {
  const { status, user, shouldShowOnboarding } = useSession();
  const pathname = usePathname();
  const onboardingHere = !NO_ONBOARDING_PREFIXES.some((prefix) => pathname.startsWith(prefix));
  const userId = status === "authenticated" ? (user?.id ?? null) : null;
  const [manualOpen, setManualOpen] = useState(false);
  // The user whose onboarding modal was closed (logout starts a new session for the next one).
  const [onboardingClosedFor, setOnboardingClosedFor] = useState<string | null>(null);
  const reportedFor = useRef<string | null>(null);

  const onboardingOpen = ready && onboardingHere && userId !== null && shouldShowOnboarding && onboardingClosedFor !== userId;
  const isOpen = userId !== null && (manualOpen || onboardingOpen);

  useEffect(() => {
    if (onboardingOpen) track("user_action", "subscription_modal_opened", { source: "onboarding" });
  }, [onboardingOpen]);

  const reportSeen = useCallback(() => {
    if (!onboardingOpen || !userId || reportedFor.current === userId) return;
    reportedFor.current = userId;
    void import("./api").then(({ markOnboardingSeen }) => markOnboardingSeen());
  }, [onboardingOpen, userId]);

  const open = useCallback(() => {
    if (!userId) return;
    setManualOpen(true);
    track("user_action", "subscription_modal_opened", { source: "manual" });
  }, [userId]);

  const onOpenChange = useCallback(
    (next: boolean) => {
      if (next) return;
      track("user_action", "subscription_modal_closed", { source: onboardingOpen ? "onboarding" : "manual" });
      reportSeen();
      if (onboardingOpen) setOnboardingClosedFor(userId);
      setManualOpen(false);
    },
    [onboardingOpen, reportSeen, userId],
  );

  const api = useMemo(() => ({ open }), [open]);
  return (
    <UpgradeModalContext.Provider value={api}>
      {children}
      {userId !== null && <SubscriptionModal open={isOpen} onOpenChange={onOpenChange} onLeave={reportSeen} />}
    </UpgradeModalContext.Provider>
  );
}

export function useUpgradeModal(): UpgradeModalApi {
  const value = useContext(UpgradeModalContext);
  if (!value) throw new Error("useUpgradeModal must be used inside <UpgradeModalProvider>");
  return value;
}
