"use client";

import Link from "next/link";
import { useSession } from "@/components/session/session-provider";
import { Button } from "@/components/ui/button";

/** Spec §2: the 404 page leads to the dashboard when signed in, otherwise home. */
export function NotFoundAction() {
  const { user } = useSession();
  return (
    <Button asChild className="mt-8">
      {user ? <Link href="/dashboard">Go to dashboard</Link> : <Link href="/">Go to home page</Link>}
    </Button>
  );
}
