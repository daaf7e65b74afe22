"use client";

import { useRouter } from "next/navigation";
import { useEffect } from "react";
import { NOT_AUTHORIZED_TEXT } from "@/lib/texts";

const REDIRECT_AFTER_MS = 2500;

/** Spec §2/§6: people who are not operators see this sentence and are sent to /. */
export function NotAuthorized() {
  const router = useRouter();
  useEffect(() => {
    const timer = setTimeout(() => router.replace("/"), REDIRECT_AFTER_MS);
    return () => clearTimeout(timer);
  }, [router]);
  return (
    <main className="mx-auto max-w-xl px-4 py-20 text-center">
      <p role="alert" className="text-lg font-medium">
        {NOT_AUTHORIZED_TEXT}
      </p>
      <p className="mt-2 text-sm text-muted-foreground">Taking you to the home page…</p>
    </main>
  );
}
