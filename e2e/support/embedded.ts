/**
 * The app exactly as the README starts it: no DATABASE_URL (PGlite under a fresh data
 * directory), no SMTP (dev outbox), no secret (made and kept under the data directory).
 */
import { spawn } from "node:child_process";
import { NEXT_BIN } from "./next-bin";
import { rmSync } from "node:fs";
import { E2E, EMBEDDED_URL } from "./stack-config";

rmSync(E2E.embeddedDataDir, { recursive: true, force: true });
const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: "production", NEXT_TELEMETRY_DISABLED: "1" };
for (const key of ["DATABASE_URL", "SMTP_URL", "BETTER_AUTH_SECRET", "OPERATOR_EMAILS"]) delete env[key];
env.DATA_DIR = E2E.embeddedDataDir;
env.APP_URL = EMBEDDED_URL;

const app = spawn(NEXT_BIN, ["start", "-p", String(E2E.embeddedPort), "-H", "127.0.0.1"], { stdio: "inherit", env });
app.on("exit", (code) => process.exit(code ?? 1));
for (const signal of ["SIGTERM", "SIGINT"] as const) process.on(signal, () => app.kill(signal));
