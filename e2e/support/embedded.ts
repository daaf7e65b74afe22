/**
 * The app exactly as the README starts it: no DATABASE_URL (PGlite under a fresh data
 * directory), no SMTP (dev outbox), no secret (made and kept under the data directory), no
 * whisper model — which it then starts downloading. The model repository is a local one
 * here that sends the file slowly, so the tests see the download in progress; nothing
 * reaches the internet.
 */
import { spawn } from "node:child_process";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { NEXT_BIN } from "./next-bin";
import { rmSync } from "node:fs";
import { E2E, EMBEDDED_URL } from "./stack-config";

const MODEL_BYTES = 4_000_000;
const TRICKLE = Buffer.alloc(4096);

async function main() {
  const models = createServer((req, res) => {
    if (!req.url?.endsWith("/ggml-base.bin")) return res.writeHead(404).end();
    res.writeHead(200, { "content-length": MODEL_BYTES });
    const timer = setInterval(() => res.write(TRICKLE), 1000);
    res.on("close", () => clearInterval(timer));
  });
  await new Promise<void>((resolve) => models.listen(0, "127.0.0.1", resolve));

  rmSync(E2E.embeddedDataDir, { recursive: true, force: true });
  const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: "production", NEXT_TELEMETRY_DISABLED: "1" };
  for (const key of ["DATABASE_URL", "SMTP_URL", "BETTER_AUTH_SECRET", "OPERATOR_EMAILS", "TRANSCRIBE_ENGINE", "WHISPER_AUTO_DOWNLOAD", "SPEAKER_MODELS_AUTO_DOWNLOAD"]) delete env[key];
  env.DATA_DIR = E2E.embeddedDataDir;
  env.APP_URL = EMBEDDED_URL;
  env.WHISPER_MODEL_BASE_URL = `http://127.0.0.1:${(models.address() as AddressInfo).port}`;
  env.WHISPER_VAD_BASE_URL = env.WHISPER_MODEL_BASE_URL;
  // The same local server has no speaker models (404): the download fails as offline, and the basic detector is used.
  env.SPEAKER_MODELS_BASE_URL = env.WHISPER_MODEL_BASE_URL;

  const app = spawn(NEXT_BIN, ["start", "-p", String(E2E.embeddedPort), "-H", "127.0.0.1"], { stdio: "inherit", env });
  app.on("exit", (code) => {
    models.close();
    process.exit(code ?? 1);
  });
  for (const signal of ["SIGTERM", "SIGINT"] as const) process.on(signal, () => app.kill(signal));
}

void main();
