/**
 * Starts what the end-to-end tests run against, laid out as a multi-host install: a
 * throwaway PostgreSQL, an S3-compatible server (s3rver) holding the audio, a real SMTP
 * server catching the app's mail, the built app (`next start`, no in-app worker; tests may
 * start a second web host beside it, e2e/support/web-host.ts) and one
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
import { webHostEnv } from "./web-host";

async function main() {
  const pg = await startTestPostgres();
  const catcher = await startSmtpCatcher(E2E.smtpPort);
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

  const shared = webHostEnv({ databaseUrl: pg.url, s3: s3.env }, dataDir);
  const app = spawn(NEXT_BIN, ["start", "-p", String(E2E.appPort), "-H", "127.0.0.1"], {
    stdio: "inherit",
    // Browsers on the app's page send upload parts straight to the bucket (S3_DIRECT_UPLOADS).
    env: { ...shared, S3_DIRECT_UPLOADS: "true" },
  });
  const worker = spawn(path.resolve(__dirname, "../../node_modules/.bin/tsx"), ["--conditions=react-server", "scripts/worker.ts"], {
    cwd: path.resolve(__dirname, "../.."),
    stdio: "inherit",
    env: { ...shared, DATA_DIR: workerDataDir, WORKER_IN_APP: undefined, TRUSTED_PROXIES: undefined },
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
