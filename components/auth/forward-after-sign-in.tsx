"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useEffect } from "react";
import { useSession } from "@/components/session/session-provider";
import { track } from "@/lib/analytics/track";

function destination(to: string): string {
  if (to.startsWith("/invitations/")) return "Taking you to your invitation…";
  if (to.startsWith("/billing/checkout/")) return "Taking you to checkout…";
  return to === "/dashboard" ? "Taking you to your dashboard…" : "Taking you back to where you were going…";
}

export function ForwardAfterSignIn({ to }: { to: string }) {
  const router = useRouter();
  const { refresh } = useSession();
  useEffect(() => {
    void (async () => {
      await refresh();
      track("auth_action", "login_redirect_completed");
      router.replace(to);
    })();
  }, [refresh, router, to]);
  return (
    <p className="text-sm text-muted-foreground">
      {destination(to)} <Link href={to} className="text-accent underline">Continue</Link>
    </p>
  );
}
