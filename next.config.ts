import type { NextConfig } from "next";
// Relative imports: the "@/" alias does not resolve while Next.js loads this file.
import { env } from "./lib/env";
import { API_POLICY, HSTS, landingPolicy } from "./lib/security/content-security-policy";

// Sent with every answer, static files included; the Content-Security-Policy (with a
// per-request nonce) and HSTS come from proxy.ts, except on the prerendered landing page.
const securityHeaders = [
  { key: "X-Content-Type-Options", value: "nosniff" },
  { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
  // Recording needs the microphone and, for tab + microphone, screen capture: this site only.
  { key: "Permissions-Policy", value: "microphone=(self), display-capture=(self), camera=(), geolocation=(), payment=(), usb=()" },
  { key: "X-Frame-Options", value: "DENY" },
  { key: "Cross-Origin-Opener-Policy", value: "same-origin" },
];

const nextConfig: NextConfig = {
  // PGlite loads its WASM files, whisper.node its native addon and pdfkit its font data
  // relative to their own modules; bundling breaks them. pino and pino-pretty (the logger,
  // lib/log/logger.ts) are on Next.js's own list too; named here so the logger does not rest on it.
  serverExternalPackages: ["@electric-sql/pglite", "pg", "nodemailer", "@fugood/whisper.node", "pdfkit", "pino", "pino-pretty"],
  // ES modules only (the basic diarizer's clustering, lib/speakers/): listed so next/jest compiles
  // them for Jest, which cannot require an ES module; Turbopack bundles them either way.
  transpilePackages: ["ml-hclust", "ml-distance-euclidean"],
  poweredByHeader: false,
  // Next.js hashes the whole body of a prerendered page on every request to make its ETag:
  // for the landing page that was most of the cost of serving it (bench:web, GET /). Without
  // it a browser that comes back downloads the page again (a few KB compressed) instead of a 304.
  generateEtags: false,
  // app/global-not-found.tsx answers unmatched addresses, reading the session per request,
  // while the root layout's not-found boundary stays free of request data (see app/not-found.tsx).
  experimental: {
    globalNotFound: true,
    // Route code is loaded when a route is first asked for, not all at start: an idle server
    // then holds only what it uses (issue 16's memory budget); the first call of a route pays
    // its load once.
    preloadEntriesOnStart: false,
  },
  async headers() {
    // Read when the app is built, like the NEXT_PUBLIC_ variables the pages are built with.
    const { APP_URL, NODE_ENV, NEXT_PUBLIC_POSTHOG_KEY, NEXT_PUBLIC_POSTHOG_HOST } = env();
    const https = APP_URL.startsWith("https:");
    const landing = [
      { key: "Content-Security-Policy", value: landingPolicy({ dev: NODE_ENV !== "production", https, analyticsHost: NEXT_PUBLIC_POSTHOG_KEY ? NEXT_PUBLIC_POSTHOG_HOST : undefined }) },
      ...(https ? [{ key: "Strict-Transport-Security", value: HSTS }] : []),
    ];
    // API routes skip the proxy (their bodies must stream, and it costs every call, see proxy.ts): the API policy comes from here.
    const api = [{ key: "Content-Security-Policy", value: API_POLICY }, ...(https ? [{ key: "Strict-Transport-Security", value: HSTS }] : [])];
    const unlisted = [
      { key: "X-Robots-Tag", value: "noindex, nofollow" },
      { key: "Referrer-Policy", value: "no-referrer" },
    ];
    return [
      { source: "/:path*", headers: securityHeaders },
      { source: "/api/:path*", headers: api },
      // The proxy does not run for "/" (see proxy.ts): the landing page is a file.
      { source: "/", headers: landing },
      // A share link's page gets the nonce policy from the proxy; it is never indexed and sends no Referer.
      { source: "/shared", headers: unlisted },
      { source: "/api/shared/:path*", headers: unlisted },
    ];
  },
};

export default nextConfig;
