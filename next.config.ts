import type { NextConfig } from "next";

const nextConfig: NextConfig = {
  // PGlite loads its WASM files and whisper.node its native addon relative to their own
  // modules; bundling breaks both.
  serverExternalPackages: ["@electric-sql/pglite", "pg", "nodemailer", "@fugood/whisper.node"],
  poweredByHeader: false,
};

export default nextConfig;
