import type { NextConfig } from "next";

// Its own (empty) configuration, so Next.js does not pick up Verbatim's from the folder above.
const nextConfig: NextConfig = {};

export default nextConfig;
