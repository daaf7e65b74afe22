"use client";

import Link from "next/link";
import { Dialog } from "radix-ui";
import { useEffect, useRef, useState } from "react";
import type { ApiUser } from "@/lib/api/contract/account";
import { Avatar } from "./avatar";

/** Spec §9: the slide-in menu belongs to screens narrower than 640px. */
const MOBILE_BREAKPOINT_PX = 640;

export function MobileMenu({ user, onLogout }: { user: ApiUser; onLogout: () => void }) {
  const [open, setOpen] = useState(false);
  const firstItem = useRef<HTMLAnchorElement>(null);

  useEffect(() => {
    const wide = window.matchMedia(`(min-width: ${MOBILE_BREAKPOINT_PX}px)`);
    const close = () => wide.matches && setOpen(false);
    wide.addEventListener("change", close);
    return () => wide.removeEventListener("change", close);
  }, []);

  const item = "block rounded-lg px-3 py-3 text-base hover:bg-muted";
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger asChild>
        <button type="button" aria-label="Open menu" className="rounded-lg p-2 hover:bg-muted">
          <svg aria-hidden width="22" height="22" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2">
            <path d="M4 6h16M4 12h16M4 18h16" />
          </svg>
        </button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/40" />
        <Dialog.Content
          // Radix skips links when it picks the first item to focus, which landed on Logout: a second
          // Enter logged the user out. The first entry of the menu gets focus instead.
          onOpenAutoFocus={(event) => {
            event.preventDefault();
            firstItem.current?.focus();
          }}
          className="animate-slide-in fixed inset-y-0 right-0 z-50 flex w-72 max-w-[85vw] flex-col gap-1 bg-card p-4 shadow-xl">
          <div className="mb-4 flex items-center gap-3">
            <Avatar name={user.name} picture={user.picture} size={40} />
            <div className="min-w-0">
              <Dialog.Title className="truncate font-semibold">{user.name}</Dialog.Title>
              <Dialog.Description className="truncate text-sm text-muted-foreground">{user.email}</Dialog.Description>
            </div>
          </div>
          <nav aria-label="Menu" className="flex flex-col">
            <Link ref={firstItem} href="/dashboard" className={item} onClick={() => setOpen(false)}>
              Dashboard
            </Link>
            <Link href="/account" className={item} onClick={() => setOpen(false)}>
              Account Settings
            </Link>
            {user.is_admin && (
              <Link href="/admin" className={item} onClick={() => setOpen(false)}>
                Admin Panel
              </Link>
            )}
            <button
              type="button"
              className={`${item} text-left`}
              onClick={() => {
                setOpen(false);
                onLogout();
              }}
            >
              Logout
            </button>
          </nav>
          <Dialog.Close className="mt-auto rounded-lg border border-border px-3 py-2 text-sm">Close menu</Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
