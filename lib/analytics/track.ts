import posthog from "posthog-js";
import { scrubProperties } from "./sanitize";

/** The event kinds of spec §7. */
export type EventKind = "user_action" | "transcription_action" | "auth_action" | "feature_usage" | "error";

let active = false;

/** Starts PostHog only when a key is configured; without one every call below is a no-op. */
export function initAnalytics(key: string | undefined, host: string | undefined): boolean {
  if (!key || active || typeof window === "undefined") return active;
  posthog.init(key, {
    api_host: host || "https://us.i.posthog.com",
    capture_pageview: false, // sent by trackPageView on every client-side navigation
    persistence: "localStorage+cookie",
    // Reset and verification links carry tokens in the query: scrub every event.
    before_send: (event) => (event ? { ...event, properties: scrubProperties(event.properties ?? {}) } : null),
  });
  active = true;
  return active;
}

export function track(kind: EventKind, name: string, props: Record<string, unknown> = {}): void {
  if (!active) return;
  posthog.capture(name, { kind, ...props });
}

/** Page views carry the path only, never the query string. */
export function trackPageView(pathname: string): void {
  if (!active) return;
  posthog.capture("$pageview", { $current_url: window.location.origin + pathname });
}

export function identify(userId: string | null): void {
  if (!active) return;
  if (userId) posthog.identify(userId);
  else posthog.reset();
}
