import type { NextConfig } from "next";

// Sent with every answer, static files included; the Content-Security-Policy (with a
// per-request nonce) and HSTS come from proxy.ts.
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
  // relative to their own modules; bundling breaks them.
  serverExternalPackages: ["@electric-sql/pglite", "pg", "nodemailer", "@fugood/whisper.node", "pdfkit"],
  poweredByHeader: false,
  async headers() {
    return [{ source: "/:path*", headers: securityHeaders }];
  },
};

export default nextConfig;
