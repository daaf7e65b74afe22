"use client";

import { ThemeProvider } from "next-themes";
import type { ReactNode } from "react";
import { Analytics } from "@/components/analytics/analytics";
import { SessionProvider } from "@/components/session/session-provider";
import { AppShell } from "@/components/shell/app-shell";

export function Providers({ children, nonce }: { children: ReactNode; nonce?: string }) {
  return (
    <ThemeProvider attribute="class" defaultTheme="system" enableSystem disableTransitionOnChange nonce={nonce}>
      <SessionProvider>
        <Analytics />
        <AppShell>{children}</AppShell>
      </SessionProvider>
    </ThemeProvider>
  );
}
