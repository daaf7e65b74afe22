import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";

const config = [
  ...nextVitals,
  ...nextTs,
  // Playwright fixtures receive a `use` callback that is not React's `use` hook.
  { files: ["e2e/**"], rules: { "react-hooks/rules-of-hooks": "off" } },
  // One configuration schema (lib/env): the app reads no environment variable anywhere else.
  {
    // instrumentation.ts keeps Next's build-time NEXT_RUNTIME check, which must be literal.
    files: ["app/**", "components/**", "lib/**", "proxy.ts"],
    ignores: ["lib/env/**", "**/*.test.ts", "**/*.test.tsx"],
    rules: {
      "no-restricted-properties": ["error", { object: "process", property: "env", message: "Read configuration through env() from @/lib/env (declared in lib/env/variables.ts)." }],
    },
  },
  // lib/ functions take the database handle as their first argument; only composition roots use the global.
  {
    files: ["lib/**"],
    ignores: ["lib/db/**", "lib/db-setup/prepare.ts", "lib/http/route.ts", "lib/auth/auth.ts", "lib/worker/app-worker.ts", "**/*.test.ts", "**/*.test.tsx"],
    rules: {
      "no-restricted-imports": [
        "error",
        { paths: [{ name: "@/lib/db/client", importNames: ["db", "databaseHandle"], message: "Take `database: Database` as the first parameter; only composition roots call db() (docs/architecture.md)." }] },
      ],
    },
  },
  { ignores: [".next/**", "bench/reference-app/.next/**", "node_modules/**", "data/**", "drizzle/**", "playwright-report/**", "test-results/**", "next-env.d.ts"] },
];

export default config;
