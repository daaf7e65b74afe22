"use client";

import { useState } from "react";
import { Alert } from "@/components/ui/alert";
import { call, detailOr } from "@/lib/api/client";
import { setNotifications } from "@/lib/api/endpoints/account";
import { Section } from "./section";

export function NotificationsSection({ emailWhenDone }: { emailWhenDone: boolean }) {
  const [on, setOn] = useState(emailWhenDone);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  // The box follows the click at once and goes back if the server refuses the change.
  async function save(next: boolean) {
    setOn(next);
    setBusy(true);
    setError(null);
    const result = await call(setNotifications, { body: { email_when_done: next } });
    setBusy(false);
    if (!result.ok) {
      setOn(!next);
      return setError(detailOr(result, "The setting could not be saved."));
    }
    setOn(result.data.email_when_done);
  }

  return (
    <Section title="Notifications">
      {error && <Alert tone="error">{error}</Alert>}
      <label className="flex items-start gap-3 text-sm">
        <input type="checkbox" className="mt-1" checked={on} disabled={busy} onChange={(event) => void save(event.target.checked)} />
        <span>
          Email me when a long transcription is ready
          <span className="block text-muted-foreground">For recordings of 5 minutes or more, and when one fails.</span>
        </span>
      </label>
    </Section>
  );
}
