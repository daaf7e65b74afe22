"use client";

import { useEffect, type ReactNode } from "react";
import { Analytics } from "@/components/analytics/analytics";
import { SessionProvider } from "@/components/session/session-provider";
import { AppShell } from "@/components/shell/app-shell";
import { followColorScheme } from "@/lib/theme/themes";

export function Providers({ children }: { children: ReactNode }) {
  useEffect(followColorScheme, []);
  return (
    <SessionProvider>
      <Analytics />
      <AppShell>{children}</AppShell>
    </SessionProvider>
  );
}
