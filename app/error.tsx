"use client";

import Link from "next/link";
import { useEffect } from "react";
import { Button } from "@/components/ui/button";
import { track } from "@/lib/analytics/track";

/** A page that failed to render: a sentence and a way on, never a blank page or a stack trace. */
export default function PageError({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  useEffect(() => {
    track("error", "page_error", { digest: error.digest });
  }, [error.digest]);
  return (
    <main className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center">
      <h1 className="text-xl font-medium">Something went wrong while showing this page.</h1>
      <p className="mt-2 text-sm text-muted-foreground">Please try again. If it keeps happening, contact support.</p>
      <div className="mt-8 flex gap-3">
        <Button onClick={reset}>Try again</Button>
        <Button asChild variant="secondary">
          <Link href="/dashboard">Go to dashboard</Link>
        </Button>
      </div>
    </main>
  );
}
