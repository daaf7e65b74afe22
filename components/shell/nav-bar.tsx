"use client";

import Link from "next/link";
import { Tooltip } from "radix-ui";
import type { ApiUser } from "@/lib/api/contract/account";
import { Button } from "@/components/ui/button";
import { SpaceSwitcher } from "@/components/workspaces/space-switcher";
import { CONTENT_ID } from "./content-id";
import { Avatar } from "./avatar";
import { MobileMenu } from "./mobile-menu";
import { ThemeMenu } from "./theme-menu";
import { useLogout } from "./use-logout";

/** The top bar for logged-in users (spec §2). Below 640px its links move to the slide-in menu. */
export function NavBar({ user }: { user: ApiUser }) {
  const logout = useLogout();
  return (
    <header className="sticky top-0 z-40 border-b border-border bg-background/90 backdrop-blur">
      {/* Keyboard users pass the navigation in one step; the target is the shell's content box. */}
      <a
        href={`#${CONTENT_ID}`}
        className="sr-only rounded-lg bg-card px-3 py-2 text-sm font-medium focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:outline-2 focus:outline-accent"
      >
        Skip to content
      </a>
      <nav aria-label="Main" className="mx-auto flex h-14 max-w-6xl items-center gap-3 px-4">
        <Link href="/dashboard" className="text-lg font-semibold tracking-tight">
          <span className="text-primary">Verbatim</span>
        </Link>
        <div className="mr-auto flex min-w-0">
          <SpaceSwitcher />
        </div>
        <div className="hidden items-center gap-2 sm:flex">
          <Button asChild variant="ghost" size="sm">
            <Link href="/dashboard">Dashboard</Link>
          </Button>
          {user.is_admin && (
            <Button asChild variant="ghost" size="sm">
              <Link href="/admin">Admin</Link>
            </Button>
          )}
          <ThemeMenu />
          <Tooltip.Provider delayDuration={300}>
            <Tooltip.Root>
              <Tooltip.Trigger asChild>
                <span className="inline-flex">
                  <Avatar name={user.name} picture={user.picture} />
                </span>
              </Tooltip.Trigger>
              <Tooltip.Portal>
                <Tooltip.Content
                  sideOffset={6}
                  className="z-50 rounded-md bg-foreground px-2 py-1 text-xs text-background"
                  style={{ maxWidth: "var(--tooltip-max-width)" }}
                >
                  {user.name}
                </Tooltip.Content>
              </Tooltip.Portal>
            </Tooltip.Root>
          </Tooltip.Provider>
          <Button asChild variant="secondary" size="sm">
            <Link href="/account" aria-label={`Account settings for ${user.email}`}>
              {user.email}
            </Link>
          </Button>
          <Button variant="ghost" size="sm" onClick={() => void logout()}>
            Logout
          </Button>
        </div>
        <div className="flex items-center gap-1 sm:hidden">
          <ThemeMenu />
          <MobileMenu user={user} onLogout={() => void logout()} />
        </div>
      </nav>
    </header>
  );
}
