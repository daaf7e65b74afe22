/**
 * Starts what the end-to-end tests run against: a throwaway PostgreSQL, a real SMTP server
 * catching the app's mail, and the built app (`next start`) wired to both. A small HTTP API
 * lets tests read caught mail and the database URL. Playwright starts and stops this.
 */
import { spawn } from "node:child_process";
import { NEXT_BIN } from "./next-bin";
import { mkdtempSync, rmSync } from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { startTestPostgres } from "@/test/support/postgres";
import { startSmtpCatcher } from "@/test/support/smtp-catcher";
import { APP_URL, E2E } from "./stack-config";

async function main() {
  const pg = await startTestPostgres();
  const catcher = await startSmtpCatcher(E2E.smtpPort);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "verbatim-e2e-"));

  const api = http.createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://x");
    res.setHeader("content-type", "application/json");
    if (url.pathname === "/stack") return res.end(JSON.stringify({ databaseUrl: pg.url, dataDir }));
    if (url.pathname === "/messages") {
      const to = url.searchParams.get("to")?.toLowerCase();
      return res.end(JSON.stringify(catcher.messages.filter((m) => !to || m.to.includes(to))));
    }
    res.statusCode = 404;
    res.end("{}");
  });
  await new Promise<void>((resolve) => api.listen(E2E.stackApiPort, "127.0.0.1", resolve));

  const app = spawn(NEXT_BIN, ["start", "-p", String(E2E.appPort), "-H", "127.0.0.1"], {
    stdio: "inherit",
    env: {
      ...process.env,
      NODE_ENV: "production",
      NEXT_TELEMETRY_DISABLED: "1",
      APP_URL,
      DATABASE_URL: pg.url,
      DATA_DIR: dataDir,
      SMTP_URL: `smtp://127.0.0.1:${E2E.smtpPort}`,
      MAIL_FROM: "Verbatim <no-reply@verbatim.test>",
      BETTER_AUTH_SECRET: "e2e-secret-that-is-long-enough-to-sign-tokens",
      OPERATOR_EMAILS: E2E.operators.join(","),
      TRANSCRIBE_ENGINE: "sphinx",
      // The tests play the reverse proxy: each test's X-Forwarded-For is its client address.
      TRUSTED_PROXIES: "127.0.0.1",
    },
  });

  let stopping = false;
  const stop = async (code: number) => {
    if (stopping) return;
    stopping = true;
    app.kill("SIGTERM");
    api.close();
    await catcher.close();
    await pg.stop();
    rmSync(dataDir, { recursive: true, force: true });
    process.exit(code);
  };
  app.on("exit", (code) => void stop(code ?? 1));
  process.on("SIGTERM", () => void stop(0));
  process.on("SIGINT", () => void stop(0));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
