"use client";

import { usePathname, useSearchParams } from "next/navigation";
import { useEffect } from "react";
import { useSession } from "@/components/session/session-provider";
import { identify, initAnalytics, trackPageView } from "@/lib/analytics/track";

/** Page views on every navigation, and the signed-in user's id — only with a PostHog key. */
export function Analytics() {
  const pathname = usePathname();
  const search = useSearchParams();
  const { user } = useSession();

  useEffect(() => {
    initAnalytics(process.env.NEXT_PUBLIC_POSTHOG_KEY, process.env.NEXT_PUBLIC_POSTHOG_HOST);
  }, []);

  useEffect(() => {
    const query = search.toString();
    trackPageView(query ? `${pathname}?${query}` : pathname);
  }, [pathname, search]);

  useEffect(() => {
    identify(user?.id ?? null);
  }, [user?.id]);

  return null;
}
