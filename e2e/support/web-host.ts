import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { NEXT_BIN } from "./next-bin";
import { APP_URL, E2E } from "./stack-config";

/**
 * Where a web host finds the rest of the stack; `appUrl` and `smtpUrl` (bench:load's, on free
 * ports) default to the e2e stack's fixed ones.
 */
export interface StackAddresses {
  databaseUrl: string;
  s3: Record<string, string>;
  appUrl?: string;
  smtpUrl?: string;
}

/** What a web host of the multi-host stack is started with: every host alike, each with a data directory of its own. */
export function webHostEnv(stack: StackAddresses, dataDir: string): NodeJS.ProcessEnv {
  return {
    ...process.env,
    ...stack.s3,
    NODE_ENV: "production",
    NEXT_TELEMETRY_DISABLED: "1",
    // Every host serves the one public address, as behind a load balancer.
    APP_URL: stack.appUrl ?? APP_URL,
    DATABASE_URL: stack.databaseUrl,
    DATA_DIR: dataDir,
    SMTP_URL: stack.smtpUrl ?? `smtp://127.0.0.1:${E2E.smtpPort}`,
    MAIL_FROM: "Verbatim <no-reply@verbatim.test>",
    BETTER_AUTH_SECRET: E2E.authSecret,
    OPERATOR_EMAILS: E2E.operators.join(","),
    TRANSCRIBE_ENGINE: "sphinx",
    // Nothing is downloaded in tests: speakers are told apart by the basic detector.
    SPEAKER_MODELS_AUTO_DOWNLOAD: "false",
    // Webhook tests receive on 127.0.0.1: the development setting that lets loopback through (never private networks).
    WEBHOOKS_ALLOW_LOOPBACK: "true",
    WORKER_IN_APP: "false",
    // The tests play the reverse proxy: each test's X-Forwarded-For is its client address.
    TRUSTED_PROXIES: "127.0.0.1",
  };
}

export interface WebHost {
  url: string;
  process: ChildProcess;
  /** SIGKILL, as a host that dies: nothing is let go or written on the way out */
  kill(): Promise<void>;
}

/** Another web host of the running stack (`next start` of the built app) on `port`; resolves when it answers. */
export async function startWebHost(stack: StackAddresses, port: number): Promise<WebHost> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "verbatim-e2e-host-"));
  const child = spawn(NEXT_BIN, ["start", "-p", String(port), "-H", "127.0.0.1"], { stdio: ["ignore", "ignore", "inherit"], env: webHostEnv(stack, dataDir) });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  const kill = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
    await exited;
    rmSync(dataDir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 120_000;
  while (!(await fetch(`${url}/api/health`).then((r) => r.ok, () => false))) {
    if (child.exitCode !== null || Date.now() > deadline) {
      await kill();
      throw new Error(`the second web host did not start (exit ${child.exitCode})`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return { url, process: child, kill };
}
