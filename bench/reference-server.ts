/**
 * The reference apps the web benches measure Verbatim beside, built now from
 * bench/reference-app with the same Next.js and React: a bare page (`/`), a bare JSON route
 * (`/api/json`) and a starter kit's signed-in call (`/api/user`, as nextjs/saas-starter makes it).
 */
import { execFile, spawn } from "node:child_process";
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { SignJWT } from "jose";
import { Client } from "pg";
import { freePort, waitUntilAnswering } from "./built-app";

const ROOT = path.resolve(__dirname, "..");
const run = promisify(execFile);
const SECRET = "reference-secret-long-enough-for-hs256-0123456789";

interface ReferenceServer {
  baseUrl: string;
  pid: number;
  stop(): Promise<void>;
}

export interface ReferenceBuild {
  /** starts it; `env` gives POSTGRES_URL, BARE_JSON_FILE */
  start(env?: Record<string, string>): Promise<ReferenceServer>;
  remove(): void;
}

/** Builds bench/reference-app in a temporary folder (its own copy of node_modules, hard links). */
export async function buildReferenceApp(): Promise<ReferenceBuild> {
  const dir = mkdtempSync(path.join(os.tmpdir(), "verbatim-bench-bare-"));
  cpSync(path.join(ROOT, "bench/reference-app"), dir, { recursive: true, filter: (src) => !src.includes(`${path.sep}.next`) });
  const version = (name: string) => (JSON.parse(readFileSync(path.join(ROOT, "node_modules", name, "package.json"), "utf8")) as { version: string }).version;
  const dependencies = Object.fromEntries(["next", "react", "react-dom", "jose", "drizzle-orm", "postgres"].map((name) => [name, version(name)]));
  writeFileSync(path.join(dir, "package.json"), JSON.stringify({ name: "bare", private: true, dependencies }));
  // One React on disk: Next.js must run from the same node_modules it bundles from.
  await run("cp", ["-al", path.join(ROOT, "node_modules"), path.join(dir, "node_modules")]);
  const next = path.join(dir, "node_modules/.bin/next");
  const buildEnv: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: "production", NEXT_TELEMETRY_DISABLED: "1" };
  await run(next, ["build"], { cwd: dir, env: buildEnv, maxBuffer: 16 * 1024 * 1024 });
  return {
    async start(env = {}) {
      const port = await freePort();
      const baseUrl = `http://127.0.0.1:${port}`;
      const child = spawn(next, ["start", "-p", String(port), "-H", "127.0.0.1"], { cwd: dir, env: { ...buildEnv, AUTH_SECRET: SECRET, ...env }, stdio: ["ignore", "ignore", "inherit"] });
      const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
      const stop = async () => {
        child.kill("SIGTERM");
        await exited;
      };
      await waitUntilAnswering(child, `${baseUrl}/`, {}, stop);
      return { baseUrl, pid: child.pid!, stop };
    },
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}

/**
 * The starter kit's database in its own database of the cluster at `url` (its `users` table, one
 * user) and the `session` cookie it would have set at sign-in. Returns the database's address.
 */
export async function starterKitUser(url: string): Promise<{ databaseUrl: string; cookie: string }> {
  const admin = new Client({ connectionString: url });
  await admin.connect();
  await admin.query("DROP DATABASE IF EXISTS starter_kit");
  await admin.query("CREATE DATABASE starter_kit");
  await admin.end();
  const databaseUrl = url.replace(/\/[^/]*$/, "/starter_kit");
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  await client.query(`CREATE TABLE users (
    id serial PRIMARY KEY, name varchar(100), email varchar(255) NOT NULL UNIQUE, password_hash text NOT NULL,
    role varchar(20) NOT NULL DEFAULT 'member', created_at timestamp NOT NULL DEFAULT now(), updated_at timestamp NOT NULL DEFAULT now(), deleted_at timestamp)`);
  const { rows } = await client.query<{ id: number }>("INSERT INTO users (name, email, password_hash) VALUES ('Bench', 'bench@example.com', 'x') RETURNING id");
  await client.end();
  const expires = new Date(Date.now() + 24 * 3600 * 1000).toISOString();
  const token = await new SignJWT({ user: { id: rows[0].id }, expires })
    .setProtectedHeader({ alg: "HS256" })
    .setIssuedAt()
    .setExpirationTime("1 day from now")
    .sign(new TextEncoder().encode(SECRET));
  return { databaseUrl, cookie: `session=${token}` };
}
