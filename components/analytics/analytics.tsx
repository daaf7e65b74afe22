"use client";

import { usePathname } from "next/navigation";
import { useEffect, useRef } from "react";
import { useSession } from "@/components/session/session-provider";
import { identify, initAnalytics, trackPageView } from "@/lib/analytics/track";
import { publicEnv } from "@/lib/env/public";

/** Page views on every navigation, and the signed-in user's id — only with a PostHog key. */
export function Analytics() {
  const pathname = usePathname();
  const { status, user } = useSession();
  const identified = useRef<string | null>(null);

  useEffect(() => {
    void initAnalytics(publicEnv.posthogKey, publicEnv.posthogHost);
  }, []);

  useEffect(() => {
    trackPageView(pathname);
  }, [pathname]);

  useEffect(() => {
    if (status === "loading") return;
    const id = user?.id ?? null;
    // Reset only when a known user signs out, so anonymous visitors keep one id.
    if (id === identified.current) return;
    if (id || identified.current) identify(id);
    identified.current = id;
  }, [status, user?.id]);

  return null;
}
