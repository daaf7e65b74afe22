"use client";

import { useState } from "react";
import { Button } from "@/components/ui/button";
import { authClient, errorText } from "@/lib/auth/client";
import { track } from "@/lib/analytics/track";

/** "or Continue with Google" under a form; rendered only when Google sign-in is configured. */
export function GoogleAlternative({ next, onError }: { next: string; onError: (message: string) => void }) {
  const [busy, setBusy] = useState(false);
  return (
    <>
      <div className="text-center text-xs text-muted-foreground">or</div>
      <Button
        type="button"
        variant="secondary"
        className="w-full"
        disabled={busy}
        onClick={async () => {
          setBusy(true);
          track("auth_action", "google_sign_in_started");
          const { error } = await (await authClient()).signIn.social({
            provider: "google",
            callbackURL: `/login-success?next=${encodeURIComponent(next)}`,
            errorCallbackURL: "/login",
          });
          if (error) {
            onError(errorText(error));
            setBusy(false);
          }
        }}
      >
        Continue with Google
      </Button>
    </>
  );
}
