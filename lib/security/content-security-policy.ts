/**
 * The Content-Security-Policy of every page: scripts only with this response's nonce (and
 * what they load, 'strict-dynamic'), nothing may frame the app, media and recordings from
 * this origin or blob: URLs. PostHog's hosts are added when a key is configured.
 */
export function pagePolicy(nonce: string, options: { dev: boolean; https: boolean; analyticsHost?: string }): string {
  const analytics = options.analyticsHost ? [new URL(options.analyticsHost).origin, "https://*.posthog.com"] : [];
  const directives = [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${options.dev ? " 'unsafe-eval'" : ""}`,
    // React and Radix set style attributes; styles cannot run code.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https:",
    "font-src 'self' data:",
    "media-src 'self' blob:",
    `connect-src 'self'${analytics.map((h) => ` ${h}`).join("")}${options.dev ? " ws:" : ""}`,
    "worker-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ];
  if (options.https) directives.push("upgrade-insecure-requests");
  return directives.join("; ");
}

/** API answers are data, never documents: nothing in them may run or be framed. */
export const API_POLICY = "default-src 'none'; frame-ancestors 'none'";

export const HSTS = "max-age=63072000; includeSubDomains";
