import { createHash } from "node:crypto";
// Relative imports: next.config.ts loads this module too, where the "@/" alias does not resolve.
import { themeBootScript } from "../theme/themes";

interface PolicyOptions {
  dev: boolean;
  https: boolean;
  analyticsHost?: string;
  /** the bucket browsers send upload parts to (S3_DIRECT_UPLOADS) */
  uploadOrigin?: string | null;
}

/** The root layout's one inline script, allowed by its hash: it is a constant. */
const THEME_SCRIPT_HASH = `'sha256-${createHash("sha256").update(themeBootScript).digest("base64")}'`;

function directives(scriptSrc: string, options: PolicyOptions): string {
  const analytics = options.analyticsHost ? [new URL(options.analyticsHost).origin, "https://*.posthog.com"] : [];
  const list = [
    "default-src 'self'",
    `script-src ${scriptSrc}${options.dev ? " 'unsafe-eval'" : ""}`,
    // React and Radix set style attributes; styles cannot run code.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https:",
    "font-src 'self' data:",
    "media-src 'self' blob:",
    `connect-src 'self'${[...analytics, ...(options.uploadOrigin ? [options.uploadOrigin] : [])].map((h) => ` ${h}`).join("")}${options.dev ? " ws:" : ""}`,
    "worker-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ];
  if (options.https) list.push("upgrade-insecure-requests");
  return list.join("; ");
}

/**
 * The Content-Security-Policy of every page rendered per request: scripts only with this
 * response's nonce (and what they load, 'strict-dynamic') or the theme script's hash, nothing
 * may frame the app, media and recordings from this origin or blob: URLs. PostHog's hosts are
 * added when a key is configured.
 */
export function pagePolicy(nonce: string, options: PolicyOptions): string {
  return directives(`'self' 'nonce-${nonce}' ${THEME_SCRIPT_HASH} 'strict-dynamic'`, options);
}

/**
 * The landing page is prerendered once and served as a file, so it cannot carry a per-request
 * nonce, and Next.js's inline scripts in it change when it is regenerated (plan edits), so no
 * fixed hash list fits either. It shows no visitor's input (only the product's own text and
 * the operators' plans, escaped by React), so inline scripts from this origin are allowed on
 * this one address; every other page keeps the nonce policy.
 */
export function landingPolicy(options: PolicyOptions): string {
  return directives("'self' 'unsafe-inline'", options);
}

/** API answers are data, never documents: nothing in them may run or be framed. */
export const API_POLICY = "default-src 'none'; frame-ancestors 'none'";

export const HSTS = "max-age=63072000; includeSubDomains";
