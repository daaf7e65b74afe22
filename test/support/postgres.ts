import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, renameSync, rmSync } from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { Client } from "pg";
import { testTemplate } from "./templates";

/**
 * A throwaway PostgreSQL cluster on 127.0.0.1 for tests: initdb into a temp dir, run the
 * server in the foreground as a child (so it dies with the test process), drop it after.
 */
export interface TestPostgres {
  url: string;
  /** the server's process (runuser), above postgres and its backends: benches count their CPU time */
  pid: number;
  stop(): Promise<void>;
  /** Stops the server cleanly and keeps its data directory as `into` (a template for others). */
  stopInto(into: string): Promise<void>;
}

function findBinDir(): string {
  const candidates = [
    process.env.PG_BIN_DIR,
    ...(existsSync("/usr/lib/postgresql")
      ? readdirSync("/usr/lib/postgresql")
          .sort((a, b) => Number(b) - Number(a))
          .map((v) => `/usr/lib/postgresql/${v}/bin`)
      : []),
    "/usr/local/bin",
    "/usr/bin",
  ].filter((d): d is string => Boolean(d));
  const dir = candidates.find((d) => existsSync(path.join(d, "initdb")) && existsSync(path.join(d, "postgres")));
  if (!dir) {
    throw new Error(
      "PostgreSQL server binaries not found: install them with `apt-get install -y postgresql` " +
        "or set PG_BIN_DIR",
    );
  }
  return dir;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => (typeof address === "object" && address ? resolve(address.port) : reject()));
    });
  });
}

// PostgreSQL refuses to run as root; the Debian package provides the `postgres` user.
function asPostgresUser(cmd: string, args: string[]): [string, string[]] {
  if (process.getuid?.() !== 0) return [cmd, args];
  return ["runuser", ["-u", "postgres", "--", cmd, ...args]];
}

/**
 * Waits until a query succeeds on *our* server: two test workers can be handed the same
 * free port, and then the loser must not quietly use the winner's cluster.
 */
async function waitUntilReady(port: number, dataDir: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new PortTaken(`postgres exited with code ${child.exitCode}`);
    const client = new Client({ connectionString: `postgres://postgres@127.0.0.1:${port}/postgres` });
    const answered = await client
      .connect()
      .then(() => client.query<{ data_directory: string }>("show data_directory"))
      .then((r) => r.rows[0]?.data_directory)
      .catch(() => null);
    await client.end().catch(() => {});
    if (answered === dataDir) return;
    if (answered) throw new PortTaken(`port ${port} is served by another cluster (${answered})`);
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error("postgres did not start in time");
}

class PortTaken extends Error {}

/** `from`: a stopped cluster's data directory to start a copy of (else an empty cluster). */
export async function startTestPostgres({ from }: { from?: string } = {}): Promise<TestPostgres> {
  const bin = findBinDir();
  const root = mkdtempSync(path.join(os.tmpdir(), "verbatim-pg-"));
  chmodSync(root, 0o777);
  const dataDir = path.join(root, "data");
  const initdb = (into: string) => {
    const [initCmd, initArgs] = asPostgresUser(path.join(bin, "initdb"), [
      "-D", into, "-U", "postgres", "--auth=trust", "--no-sync", "-E", "UTF8",
    ]);
    execFileSync(initCmd, initArgs, { stdio: "pipe" });
  };
  // initdb once per test run; each cluster is a copy (`cp -a` keeps the postgres user's ownership and the 0700 mode).
  const template = await testTemplate("initdb", async (into) => {
    mkdirSync(into);
    chmodSync(into, 0o777);
    initdb(path.join(into, "data"));
  });
  const source = from ?? (template ? path.join(template, "data") : null);
  if (source) execFileSync("cp", ["-a", source, dataDir]);
  else initdb(dataDir);
  let port = 0;
  let child: ChildProcess | undefined;
  for (let attempt = 1; !child; attempt++) {
    port = await freePort();
    const [cmd, args] = asPostgresUser(path.join(bin, "postgres"), [
      "-D", dataDir, "-p", String(port), "-k", root, "-c", "listen_addresses=127.0.0.1",
      "-c", "fsync=off", "-c", "synchronous_commit=off", "-c", "full_page_writes=off",
    ]);
    // Its own process group, so stop() reaches postgres through runuser too.
    const candidate = spawn(cmd, args, { stdio: ["ignore", "ignore", "pipe"], detached: true });
    let stderr = "";
    candidate.stderr?.on("data", (d: Buffer) => (stderr += d.toString()));
    try {
      await waitUntilReady(port, dataDir, candidate, 30_000);
      child = candidate;
    } catch (error) {
      if (candidate.exitCode === null) process.kill(-candidate.pid!, "SIGKILL");
      if (!(error instanceof PortTaken) || attempt >= 5) throw new Error(`${(error as Error).message}\n${stderr}`);
    }
  }
  const server = child;
  const shutDown = async () => {
    if (server.exitCode !== null) return;
    const exited = new Promise((r) => server.once("exit", r));
    process.kill(-server.pid!, "SIGINT"); // postgres "fast" shutdown
    const timer = setTimeout(() => process.kill(-server.pid!, "SIGKILL"), 10_000);
    await exited;
    clearTimeout(timer);
  };
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    pid: server.pid!,
    async stop() {
      await shutDown();
      rmSync(root, { recursive: true, force: true });
    },
    async stopInto(into: string) {
      await shutDown();
      renameSync(dataDir, into);
      rmSync(root, { recursive: true, force: true });
    },
  };
}
