"use client";

import { Button, type ButtonProps } from "@/components/ui/button";
import { useUpgradeModal } from "./upgrade-modal-provider";

/** An "Upgrade" entry point that opens the app's subscription modal. */
export function UpgradeButton({ children = "Upgrade", onClick, ...props }: ButtonProps) {
  const { open } = useUpgradeModal();
  return (
    <Button
      size="sm"
      aria-haspopup="dialog"
      {...props}
      onClick={(event) => {
        onClick?.(event);
        if (!event.defaultPrevented) open();
      }}
    >
      {children}
    </Button>
  );
}
