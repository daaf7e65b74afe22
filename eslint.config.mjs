import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";

const config = [
  ...nextVitals,
  ...nextTs,
  // Playwright fixtures receive a `use` callback that is not React's `use` hook.
  { files: ["e2e/**"], rules: { "react-hooks/rules-of-hooks": "off" } },
  { ignores: [".next/**", "node_modules/**", "data/**", "drizzle/**", "playwright-report/**", "test-results/**", "next-env.d.ts"] },
];

export default config;
