/**
 * bench:load's stack, all on 127.0.0.1 free ports: PostgreSQL, s3rver, an SMTP catcher,
 * two `next start` web hosts of the built app (`npm run build` first), two `npm run worker`
 * processes and HAProxy (Debian's package) in front of the web hosts — round-robin, no
 * stickiness, as docs/deploy.md describes the layout.
 *
 * It runs in a process of its own (`launchLoadStack`), so the load generator's CPU time is
 * not mixed with s3rver's (which runs inside this process): the stack process's own CPU time
 * is s3rver's and the mail catcher's. It stops everything when its parent closes its stdin
 * or on SIGINT/SIGTERM (Ctrl-C reaches both processes).
 */
import { spawn, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import readline from "node:readline";
import { Pool } from "pg";
import { openDatabase } from "@/lib/db/client";
import { migrateAndSeed } from "@/lib/db-setup/migrate";
import { startTestPostgres } from "@/test/support/postgres";
import { startS3Server } from "@/test/support/s3-server";
import { startSmtpCatcher } from "@/test/support/smtp-catcher";
import { startWebHost, webHostEnv, type StackAddresses } from "@/e2e/support/web-host";
import { freePort } from "./built-app";
import { startWorkerProcess } from "./worker-process";

const ROOT = path.resolve(__dirname, "..");
const HAPROXY = "/usr/sbin/haproxy";

export interface LoadStackInfo {
  /** HAProxy's address: the one public address every client uses */
  url: string;
  databaseUrl: string;
  /** HAProxy's admin socket (`show stat`: retries and redispatches per server) */
  statsSocket: string;
  webHostPids: number[];
  workerPids: number[];
  postgresPid: number;
  haproxyPid: number;
  /** this stack process: its own CPU time is s3rver's (and the mail catcher's) */
  stackPid: number;
}

/**
 * Health checks every second, a host out after 2 failures; a request that finds its host
 * gone (refused, closed without an answer, or silent) goes to the other (redispatch), up to 3
 * times. A request is retried only if it is whole in HAProxy's buffer (http-buffer-request):
 * 64 KiB buffers hold a second of live audio (32,000 bytes), not an upload's body. The hour
 * of server/client timeout keeps event streams open.
 */
function haproxyConfig(port: number, hostPorts: number[], statsSocket: string): string {
  return `global
  maxconn 4096
  tune.bufsize 65536
  stats socket ${statsSocket} mode 600 level user

defaults
  mode http
  timeout connect 2s
  timeout client 1h
  timeout server 1h
  timeout http-request 30s
  timeout http-keep-alive 30s
  option forwardfor
  option http-buffer-request
  retries 3
  option redispatch
  retry-on conn-failure empty-response response-timeout

frontend verbatim
  bind 127.0.0.1:${port}
  default_backend web

backend web
  balance roundrobin
  option httpchk GET /api/health
  http-check expect status 200
  default-server inter 1s fall 2 rise 2
${hostPorts.map((p, i) => `  server web${i + 1} 127.0.0.1:${p} check`).join("\n")}
`;
}

async function untilTrue(check: () => Promise<boolean>, what: string, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check().catch(() => false))) {
    if (Date.now() > deadline) throw new Error(`${what} within ${timeoutMs / 1000} s`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

async function main() {
  if (!existsSync(HAPROXY)) throw new Error(`HAProxy not found at ${HAPROXY}: apt-get install haproxy`);
  if (!existsSync(path.join(ROOT, ".next/BUILD_ID"))) throw new Error("no built app: npm run build first");
  const dir = mkdtempSync(path.join(os.tmpdir(), "verbatim-bench-load-"));
  const pg = await startTestPostgres();
  const s3 = await startS3Server("verbatim-load");
  const mail = await startSmtpCatcher();
  const handle = openDatabase({ url: pg.url });
  await migrateAndSeed(handle, pg.url);
  await handle.close();

  const proxyPort = await freePort();
  const stack: StackAddresses = { databaseUrl: pg.url, s3: s3.env, appUrl: `http://127.0.0.1:${proxyPort}`, smtpUrl: `smtp://127.0.0.1:${mail.port}` };
  const hostPorts = [await freePort(), await freePort()];
  const hosts = await Promise.all(hostPorts.map((port) => startWebHost(stack, port)));
  // As e2e/support/stack.ts starts its worker: the web hosts' settings, but it is no proxy's peer.
  const workers = [1, 2].map(() => startWorkerProcess({ ...webHostEnv(stack, dir), WORKER_IN_APP: undefined, TRUSTED_PROXIES: undefined }));
  const statsSocket = path.join(dir, "haproxy.sock");
  const configFile = path.join(dir, "haproxy.cfg");
  writeFileSync(configFile, haproxyConfig(proxyPort, hostPorts, statsSocket));
  const haproxy: ChildProcess = spawn(HAPROXY, ["-db", "-f", configFile], { stdio: ["ignore", "ignore", "inherit"] });

  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    haproxy.kill("SIGKILL");
    for (const w of workers) if (w.exitCode === null) process.kill(-w.pid!, "SIGKILL");
    await Promise.all(hosts.map((h) => h.kill()));
    await pg.stop();
    await s3.close();
    await mail.close();
    rmSync(dir, { recursive: true, force: true });
    process.exit(0);
  };
  process.on("SIGINT", () => void stop());
  process.on("SIGTERM", () => void stop());
  process.stdin.on("end", () => void stop());
  process.stdin.resume();

  try {
    const pool = new Pool({ connectionString: pg.url, max: 1 });
    await untilTrue(async () => Number((await pool.query("select count(*) as n from workers where seen_at > now() - interval '30 seconds'")).rows[0].n) >= workers.length, "the workers did not report");
    await pool.end();
    await untilTrue(() => fetch(`${stack.appUrl}/api/health`).then((r) => r.ok), "HAProxy did not answer");
    const info: LoadStackInfo = {
      url: stack.appUrl!,
      databaseUrl: pg.url,
      statsSocket,
      webHostPids: hosts.map((h) => h.process.pid!),
      workerPids: workers.map((w) => w.pid!),
      postgresPid: pg.pid,
      haproxyPid: haproxy.pid!,
      stackPid: process.pid,
    };
    console.log(`READY ${JSON.stringify(info)}`);
  } catch (error) {
    console.error(error);
    await stop();
  }
}

/** Starts the stack in its own process; resolves once every part answers. */
export async function launchLoadStack(): Promise<{ info: LoadStackInfo; stop(): Promise<void> }> {
  const child = spawn(path.join(ROOT, "node_modules/.bin/tsx"), ["--conditions=react-server", path.join(__dirname, "load-stack.ts")], {
    cwd: ROOT,
    stdio: ["pipe", "pipe", "inherit"],
  });
  const exited = once(child, "exit");
  const stop = async () => {
    if (child.exitCode !== null) return;
    child.stdin!.end();
    await exited;
  };
  const info = await new Promise<LoadStackInfo>((resolve, reject) => {
    readline.createInterface({ input: child.stdout! }).on("line", (line) => {
      if (line.startsWith("READY ")) resolve(JSON.parse(line.slice(6)) as LoadStackInfo);
      else console.log(line);
    });
    void exited.then(() => reject(new Error("the load stack stopped before it was ready")));
  });
  return { info, stop };
}

if (require.main === module) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}

export interface ServerStats {
  server: string;
  /** requests it was sent */
  sessions: number;
  connectionErrors: number;
  responseErrors: number;
  retries: number;
  redispatches: number;
  status: string;
}

/** Per web host, from HAProxy's `show stat` (counters since HAProxy started). */
export async function haproxyServerStats(socket: string): Promise<ServerStats[]> {
  const connection = net.createConnection(socket);
  connection.end("show stat\n");
  let csv = "";
  for await (const data of connection) csv += String(data);
  const [header, ...lines] = csv.trim().split("\n");
  const names = header!.replace(/^# /, "").split(",");
  const column = (fields: string[], name: string) => fields[names.indexOf(name)] ?? "";
  return lines
    .map((line) => line.split(","))
    .filter((fields) => column(fields, "pxname") === "web")
    .map((fields) => ({
      server: column(fields, "svname"),
      sessions: Number(column(fields, "stot")),
      connectionErrors: Number(column(fields, "econ")),
      responseErrors: Number(column(fields, "eresp")),
      retries: Number(column(fields, "wretr")),
      redispatches: Number(column(fields, "wredis")),
      status: column(fields, "status"),
    }));
}
