"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useEffect } from "react";
import { useSession } from "@/components/session/session-provider";
import { track } from "@/lib/analytics/track";

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
      Taking you to your dashboard… <Link href={to} className="text-accent underline">Continue</Link>
    </p>
  );
}
