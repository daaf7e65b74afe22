"use client";

import Link from "next/link";
import { useSession } from "@/components/session/session-provider";
import { Button } from "@/components/ui/button";

/**
 * The landing page is one prerendered file for everyone; these islands swap the signed-out
 * links for the way back to the dashboard once the browser's session check says who is here.
 */
export function LandingNav() {
  const { user } = useSession();
  if (user) {
    return (
      <Button asChild size="sm">
        <Link href="/dashboard">Dashboard</Link>
      </Button>
    );
  }
  return (
    <>
      <Button asChild variant="ghost" size="sm">
        <Link href="/login">Log in</Link>
      </Button>
      <Button asChild size="sm">
        <Link href="/signup">Sign up</Link>
      </Button>
    </>
  );
}

export function PrimaryAction({ variant }: { variant?: "secondary" }) {
  const { user } = useSession();
  return (
    <Button asChild size="lg" variant={variant}>
      {user ? <Link href="/dashboard">Go to your dashboard</Link> : <Link href="/signup">Start transcribing free</Link>}
    </Button>
  );
}
