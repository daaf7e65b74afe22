"use client";

import { useState, useSyncExternalStore } from "react";
import { Button } from "@/components/ui/button";
import type { ApiTranscription } from "@/lib/api/contract/transcription";

type Permission = NotificationPermission | "unsupported";

/** The browser's notification permission, or "unsupported" where there is no Notification API. */
function currentPermission(): Permission {
  return typeof window !== "undefined" && "Notification" in window ? Notification.permission : "unsupported";
}

/**
 * Raises a browser notification for a transcription that just ended, but only when the tab is
 * in the background: a visible page already shows the new state, so a notification would be
 * noise. Clicking it brings this tab to the front.
 */
export function notifyEnded(t: Pick<ApiTranscription, "id" | "title" | "status">): void {
  if (currentPermission() !== "granted" || !document.hidden) return;
  if (t.status !== "done" && t.status !== "failed") return;
  const notification =
    t.status === "done"
      ? new Notification("Your transcript is ready", { body: `“${t.title}” is ready to read and edit.`, tag: `transcription-${t.id}` })
      : new Notification("The transcription failed", { body: `“${t.title}” could not be transcribed. No minutes were counted; you can try again.`, tag: `transcription-${t.id}` });
  notification.onclick = () => {
    window.focus();
    notification.close();
  };
}

/** The permission changes only through this component's request, which it records itself. */
const noChanges = () => () => {};

/**
 * "Notify me when it's done" while a transcription is unfinished. Shown only where the
 * browser has notifications; once permission is granted, `notifyEnded` does the rest.
 */
export function NotifyWhenDone() {
  // The server renders "unsupported" (it has no Notification API); the browser then reads its own.
  const browserPermission = useSyncExternalStore(noChanges, currentPermission, () => "unsupported" as const);
  const [answered, setAnswered] = useState<Permission | null>(null);
  const permission = answered ?? browserPermission;

  if (permission === "unsupported") return null;
  if (permission === "granted") {
    return <p className="mt-2 text-sm text-muted-foreground">You will get a browser notification when it is done, if this tab is in the background.</p>;
  }
  if (permission === "denied") {
    return (
      <p className="mt-2 text-sm text-muted-foreground">
        Notifications are blocked for this site in your browser, so we cannot tell you when it is done. Allow them in the browser&apos;s site settings, or keep this tab open.
      </p>
    );
  }
  return (
    <Button
      variant="secondary"
      size="sm"
      className="mt-2"
      onClick={() => void Notification.requestPermission().then(setAnswered, () => setAnswered("denied"))}
    >
      Notify me when it&apos;s done
    </Button>
  );
}
