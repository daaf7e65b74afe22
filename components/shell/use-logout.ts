"use client";

import { useRouter } from "next/navigation";
import { useCallback } from "react";
import { useSession } from "@/components/session/session-provider";
import { track } from "@/lib/analytics/track";
import { signOut } from "@/lib/api/client";

/** Logout: call the spec's logout endpoint, forget the session, then go to /login. */
export function useLogout() {
  const router = useRouter();
  const { clear } = useSession();
  return useCallback(async () => {
    track("auth_action", "logout");
    await signOut();
    clear();
    router.replace("/login");
    router.refresh();
  }, [clear, router]);
}
