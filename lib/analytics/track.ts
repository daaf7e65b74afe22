import posthog from "posthog-js";

/** The event kinds of spec §7. */
export const EVENT_KINDS = ["user_action", "transcription_action", "auth_action", "feature_usage", "error"] as const;
export type EventKind = (typeof EVENT_KINDS)[number];

let active = false;

/** Starts PostHog only when a key is configured; without one every call below is a no-op. */
export function initAnalytics(key: string | undefined, host: string | undefined): boolean {
  if (!key || active || typeof window === "undefined") return active;
  posthog.init(key, {
    api_host: host || "https://us.i.posthog.com",
    capture_pageview: false, // sent by trackPageView on every client-side navigation
    persistence: "localStorage+cookie",
  });
  active = true;
  return active;
}

export function track(kind: EventKind, name: string, props: Record<string, unknown> = {}): void {
  if (!active) return;
  posthog.capture(name, { kind, ...props });
}

export function trackPageView(path: string): void {
  if (!active) return;
  posthog.capture("$pageview", { $current_url: window.location.origin + path });
}

export function identify(userId: string | null): void {
  if (!active) return;
  if (userId) posthog.identify(userId);
  else posthog.reset();
}
