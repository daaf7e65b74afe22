import type { NextConfig } from "next";

const nextConfig: NextConfig = {
  // PGlite loads its WASM files, whisper.node its native addon and pdfkit its font data
  // relative to their own modules; bundling breaks them.
  serverExternalPackages: ["@electric-sql/pglite", "pg", "nodemailer", "@fugood/whisper.node", "pdfkit"],
  poweredByHeader: false,
};

export default nextConfig;
