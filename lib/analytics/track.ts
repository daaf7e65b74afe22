import type { PostHog } from "posthog-js";
import { scrubProperties } from "./sanitize";

/** The event kinds of spec §7. */
export type EventKind = "user_action" | "transcription_action" | "auth_action" | "feature_usage" | "error";

let client: PostHog | null = null;
let loading: Promise<PostHog | null> | null = null;
// Events sent while the library is still loading, replayed once it is up.
const pending: Array<(posthog: PostHog) => void> = [];

/**
 * Starts PostHog only when a key is configured; without one every call below is a no-op and
 * the library (~120 KB gzipped) is never downloaded. With a key it is imported on demand, after
 * the page is interactive, so it is never part of a page's first-load JavaScript.
 */
export function initAnalytics(key: string | undefined, host: string | undefined): Promise<boolean> {
  if (!key || typeof window === "undefined") return Promise.resolve(false);
  loading ??= import("posthog-js").then(
    ({ default: posthog }) => {
      posthog.init(key, {
        api_host: host || "https://us.i.posthog.com",
        capture_pageview: false, // sent by trackPageView on every client-side navigation
        persistence: "localStorage+cookie",
        // Reset and verification links carry tokens in the query: scrub every event.
        before_send: (event) => (event ? { ...event, properties: scrubProperties(event.properties ?? {}) } : null),
      });
      client = posthog;
      for (const call of pending.splice(0)) call(posthog);
      return posthog;
    },
    // Blocked by an extension or offline: analytics stays off, the app works on.
    () => null,
  );
  return loading.then(Boolean);
}

function withClient(call: (posthog: PostHog) => void): void {
  if (client) call(client);
  else if (loading) pending.push(call);
}

export function track(kind: EventKind, name: string, props: Record<string, unknown> = {}): void {
  withClient((posthog) => posthog.capture(name, { kind, ...props }));
}

/** Page views carry the path only, never the query string. */
export function trackPageView(pathname: string): void {
  const url = typeof window === "undefined" ? pathname : window.location.origin + pathname;
  withClient((posthog) => posthog.capture("$pageview", { $current_url: url }));
}

export function identify(userId: string | null): void {
  withClient((posthog) => (userId ? posthog.identify(userId) : posthog.reset()));
}
