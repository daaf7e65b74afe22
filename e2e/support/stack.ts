/**
 * Starts what the end-to-end tests run against, laid out as a multi-host install: a
 * throwaway PostgreSQL, an S3-compatible server (s3rver) holding the audio, a real SMTP
 * server catching the app's mail, the built app (`next start`, no in-app worker) and one
 * `npm run worker` process, each with a data directory of its own (they share no disk). A
 * small HTTP API lets tests read caught mail, the database URL and the bucket. Playwright
 * starts and stops this.
 */
import { spawn } from "node:child_process";
import { NEXT_BIN } from "./next-bin";
import { mkdtempSync, rmSync } from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { Pool } from "pg";
import { startTestPostgres } from "@/test/support/postgres";
import { startS3Server } from "@/test/support/s3-server";
import { startSmtpCatcher } from "@/test/support/smtp-catcher";
import { APP_URL, E2E } from "./stack-config";

async function main() {
  const pg = await startTestPostgres();
  const catcher = await startSmtpCatcher(E2E.smtpPort);
  // Browsers on the app's page send upload parts straight to the bucket (S3_DIRECT_UPLOADS).
  const s3 = await startS3Server("verbatim-test", [APP_URL]);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "verbatim-e2e-"));
  const workerDataDir = mkdtempSync(path.join(os.tmpdir(), "verbatim-e2e-worker-"));

  const api = http.createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://x");
    res.setHeader("content-type", "application/json");
    if (url.pathname === "/stack") return res.end(JSON.stringify({ databaseUrl: pg.url, dataDir, s3: s3.env }));
    if (url.pathname === "/messages") {
      const to = url.searchParams.get("to")?.toLowerCase();
      return res.end(JSON.stringify(catcher.messages.filter((m) => !to || m.to.includes(to))));
    }
    res.statusCode = 404;
    res.end("{}");
  });

  const shared: NodeJS.ProcessEnv = {
    ...process.env,
    ...s3.env,
    NODE_ENV: "production",
    NEXT_TELEMETRY_DISABLED: "1",
    APP_URL,
    DATABASE_URL: pg.url,
    SMTP_URL: `smtp://127.0.0.1:${E2E.smtpPort}`,
    MAIL_FROM: "Verbatim <no-reply@verbatim.test>",
    BETTER_AUTH_SECRET: "e2e-secret-that-is-long-enough-to-sign-tokens",
    OPERATOR_EMAILS: E2E.operators.join(","),
    TRANSCRIBE_ENGINE: "sphinx",
    // Nothing is downloaded in tests: speakers are told apart by the basic detector.
    SPEAKER_MODELS_AUTO_DOWNLOAD: "false",
    // Webhook tests receive on 127.0.0.1: the development setting that lets loopback through (never private networks).
    WEBHOOKS_ALLOW_LOOPBACK: "true",
  };
  const app = spawn(NEXT_BIN, ["start", "-p", String(E2E.appPort), "-H", "127.0.0.1"], {
    stdio: "inherit",
    env: {
      ...shared,
      DATA_DIR: dataDir,
      WORKER_IN_APP: "false",
      S3_DIRECT_UPLOADS: "true",
      // The tests play the reverse proxy: each test's X-Forwarded-For is its client address.
      TRUSTED_PROXIES: "127.0.0.1",
    },
  });
  const worker = spawn(path.resolve(__dirname, "../../node_modules/.bin/tsx"), ["--conditions=react-server", "scripts/worker.ts"], {
    cwd: path.resolve(__dirname, "../.."),
    stdio: "inherit",
    env: { ...shared, DATA_DIR: workerDataDir },
  });

  let stopping = false;
  const stop = async (code: number) => {
    if (stopping) return;
    stopping = true;
    app.kill("SIGTERM");
    worker.kill("SIGTERM");
    api.close();
    await catcher.close();
    await pg.stop();
    await s3.close();
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(workerDataDir, { recursive: true, force: true });
    process.exit(code);
  };
  app.on("exit", (code) => void stop(code ?? 1));
  worker.on("exit", (code) => void stop(code ?? 1));
  process.on("SIGTERM", () => void stop(0));
  process.on("SIGINT", () => void stop(0));

  // Ready when the app answers and the worker (another "host") has written its heartbeat:
  // Playwright waits for this API, so no test starts before uploads can be transcribed.
  const db = new Pool({ connectionString: pg.url, max: 1 });
  for (let ready = false; !ready; await new Promise((r) => setTimeout(r, 250))) {
    const answering = await fetch(`${APP_URL}/api/health`).then((r) => r.ok).catch(() => false);
    const workers = answering ? await db.query("select 1 from workers where seen_at > now() - interval '30 seconds'").then((r) => r.rowCount ?? 0).catch(() => 0) : 0;
    ready = answering && workers > 0;
  }
  await db.end();
  await new Promise<void>((resolve) => api.listen(E2E.stackApiPort, "127.0.0.1", resolve));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
