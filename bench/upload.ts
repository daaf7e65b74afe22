/**
 * `npm run bench:upload`: issue 24's upload figures. Uploads of 100 MB and 1 GB through the
 * built app (`npm run build` first) on this machine: the time until the upload is accepted, its
 * throughput against the floor — `curl` streaming the same file to a bare Node HTTP server
 * that writes it to disk — and the web process's RSS growth and CPU time, for the one-body
 * API upload and the browser's resumable upload (tus, in the browser's part sizes), with the audio on this
 * host's disk (as the embedded default keeps it) and in S3 (s3rver on 127.0.0.1; the web host
 * stages and forwards). The app runs on a throwaway PostgreSQL with its worker off, so only
 * the web process's work is measured (with embedded PGlite the worker must run in the app and
 * would start decoding each upload during the next one). The web host accepts uploads while a
 * worker is alive: this script writes the heartbeat of one, with this machine's engine, as a
 * worker busy on another host would.
 */
import { execFile } from "node:child_process";
import { createReadStream, createWriteStream, mkdtempSync, rmSync, statSync } from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { promisify } from "node:util";
import { Upload } from "tus-js-client";
import { partBytesFor } from "@/lib/api/contract/upload-parts";
import { startTestPostgres } from "@/test/support/postgres";
import { startS3Server } from "@/test/support/s3-server";
import { writeLargeWav } from "@/test/support/large-wav";
import { openDatabase } from "@/lib/db/client";
import { s3Store } from "@/lib/storage/s3-store";
import { heartbeat } from "@/lib/transcription/worker-registry";
import { watchCpu, watchPeakMemory } from "./process-tree";
import { freePort, startBuiltApp, type RunningApp } from "./built-app";

const MIB = 1024 * 1024;
const SIZES = [
  { label: "100 MB", bytes: 100 * MIB },
  { label: "1 GB", bytes: 1024 * MIB },
];

interface Run {
  seconds: number;
  rssGrowthMiB: number;
  cpuSeconds: number;
}

/** `curl` streaming a file as the raw body of a POST (-T reads as it sends; --data-binary @file would load it whole first). */
async function curlPost(url: string, file: string, headers: Record<string, string>): Promise<number> {
  const args = ["-s", "-o", "/dev/null", "-w", "%{http_code}", "-X", "POST", "-T", file, ...Object.entries(headers).flatMap(([k, v]) => ["-H", `${k}: ${v}`]), url];
  const { stdout } = await promisify(execFile)("curl", args, { maxBuffer: MIB });
  return Number(stdout);
}

/** The floor: a bare Node HTTP server that writes the body to disk, and nothing else. */
async function bareServer(dir: string): Promise<{ url: string; pid: number; close: () => Promise<void> }> {
  const server = http.createServer((req, res) => {
    void pipeline(req, createWriteStream(path.join(dir, "upload.bin"))).then(() => res.writeHead(201).end("{}"), () => res.writeHead(500).end());
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  return { url: `http://127.0.0.1:${port}/`, pid: process.pid, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

/** Runs one upload while watching a process tree's memory and CPU. */
async function measured(pid: number, upload: () => Promise<void>): Promise<Run> {
  const before = watchPeakMemory(pid, 1_000_000).stop();
  const memory = watchPeakMemory(pid, 100);
  const cpu = watchCpu(pid, 200);
  const cpuBefore = cpu.total();
  const started = performance.now();
  await upload();
  const seconds = (performance.now() - started) / 1000;
  const cpuSeconds = cpu.total() - cpuBefore;
  cpu.stop();
  return { seconds, rssGrowthMiB: (memory.stop() - before) / MIB, cpuSeconds };
}

function tusUpload(app: RunningApp, file: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const upload = new Upload(createReadStream(file), {
      endpoint: `${app.baseUrl}/api/uploads`,
      uploadSize: statSync(file).size,
      chunkSize: partBytesFor(statSync(file).size),
      headers: { cookie: app.cookie, origin: app.baseUrl },
      metadata: { filename: path.basename(file), filetype: "audio/wav" },
      onError: reject,
      onSuccess: ({ lastResponse }) => (lastResponse.getStatus() === 200 ? resolve() : reject(new Error(`answered ${lastResponse.getStatus()}`))),
    });
    upload.start();
  });
}

/**
 * The browser's direct-to-bucket protocol, spoken from Node as the dashboard speaks it: start,
 * sign parts, PUT each part to the bucket (one at a time), send its receipt, complete.
 */
async function directUpload(app: RunningApp, file: string): Promise<void> {
  const headers = { cookie: app.cookie, origin: app.baseUrl, "content-type": "application/json" };
  const call = async <T>(path: string, method: string, body?: unknown): Promise<T> => {
    const res = await fetch(`${app.baseUrl}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    if (!res.ok) throw new Error(`${method} ${path} answered ${res.status}: ${await res.text()}`);
    return (await res.json()) as T;
  };
  const size = statSync(file).size;
  const upload = await call<{ id: string; part_bytes: number; part_count: number }>("/api/direct-uploads", "POST", { filename: path.basename(file), size, content_type: "audio/wav" });
  for (let n = 1; n <= upload.part_count; n++) {
    const { urls } = await call<{ urls: Record<string, string> }>(`/api/direct-uploads/${upload.id}/parts`, "POST", { numbers: [n] });
    const start = (n - 1) * upload.part_bytes;
    const end = Math.min(start + upload.part_bytes, size) - 1;
    const put = await fetch(urls[n], {
      method: "PUT",
      body: Readable.toWeb(createReadStream(file, { start, end })) as ReadableStream,
      headers: { "content-length": String(end - start + 1) },
      duplex: "half",
    } as RequestInit);
    if (!put.ok) throw new Error(`part ${n} answered ${put.status}`);
    await call(`/api/direct-uploads/${upload.id}/parts/${n}`, "PUT", { etag: put.headers.get("etag") });
  }
  await call(`/api/direct-uploads/${upload.id}/complete`, "POST");
}

/** The floor of the S3 setups: the AWS SDK's multipart upload straight from this process to the bucket. */
async function bucketFloor(s3: Record<string, string>, file: string): Promise<void> {
  const store = s3Store({ bucket: s3.S3_BUCKET, region: s3.S3_REGION, endpoint: s3.S3_ENDPOINT, accessKeyId: s3.S3_ACCESS_KEY_ID, secretAccessKey: s3.S3_SECRET_ACCESS_KEY, forcePathStyle: true });
  await store.putFile(`floor/${path.basename(file)}`, file, "audio/wav");
}

async function apiUpload(app: RunningApp, file: string): Promise<void> {
  const status = await curlPost(`${app.baseUrl}/api/transcriptions?filename=bench.wav`, file, { cookie: app.cookie, origin: app.baseUrl, "content-type": "audio/wav" });
  if (status !== 201) throw new Error(`the upload answered ${status}`);
}

interface Row {
  upload: string;
  setup: string;
  way: string;
  "accepted after": string;
  "MB/s": string;
  "× floor": string;
  "web RSS growth": string;
  "web CPU": string;
}

const row = (upload: string, setup: string, way: string, r: Run, bytes: number, floor: Run | null): Row => ({
  upload,
  setup,
  way,
  "accepted after": `${r.seconds.toFixed(2)} s`,
  "MB/s": (bytes / 1e6 / r.seconds).toFixed(0),
  "× floor": floor ? `${(floor.seconds / r.seconds).toFixed(2)}×` : "—",
  "web RSS growth": `${r.rssGrowthMiB.toFixed(0)} MiB`,
  "web CPU": `${r.cpuSeconds.toFixed(1)} s`,
});

async function appRuns(
  setup: string,
  extraEnv: Record<string, string>,
  files: Array<{ label: string; file: string; bytes: number }>,
  floors: Map<string, Run>,
  direct = false,
): Promise<Row[]> {
  const rows: Row[] = [];
  const pg = await startTestPostgres();
  const app = await startBuiltApp(pg.url, { WORKER_IN_APP: "false", ...extraEnv }).catch(async (error: unknown) => {
    await pg.stop();
    throw error;
  });
  const handle = openDatabase({ url: pg.url });
  const beat = () => heartbeat(handle.db, "bench-worker-elsewhere", null);
  await beat();
  const beating = setInterval(() => void beat(), 5000);
  try {
    await apiUpload(app, files[0].file); // warm-up: the routes' code loads on first use
    for (const { label, file, bytes } of files) {
      const floor = floors.get(label) ?? null;
      rows.push(row(label, setup, "API, one raw body", await measured(app.pid, () => apiUpload(app, file)), bytes, floor));
      rows.push(row(label, setup, `browser protocol, tus ${partBytesFor(bytes) / MIB} MiB parts`, await measured(app.pid, () => tusUpload(app, file)), bytes, floor));
      if (direct) rows.push(row(label, setup, `browser protocol, straight to the bucket, ${partBytesFor(bytes) / MIB} MiB parts`, await measured(app.pid, () => directUpload(app, file)), bytes, floor));
    }
  } finally {
    clearInterval(beating);
    await handle.close();
    await app.stop();
    await pg.stop();
  }
  return rows;
}

async function main() {
  const dir = mkdtempSync(path.join(os.tmpdir(), "verbatim-bench-upload-"));
  try {
    const files = [];
    for (const size of SIZES) {
      const file = path.join(dir, `${size.bytes}.wav`);
      files.push({ ...size, file, bytes: await writeLargeWav(file, size.bytes) });
    }
    const rows: Row[] = [];
    const floors = new Map<string, Run>();
    const bare = await bareServer(dir);
    try {
      for (const { label, file, bytes } of files) {
        const floor = await measured(bare.pid, async () => void (await curlPost(bare.url, file, {})));
        floors.set(label, floor);
        rows.push(row(label, "bare Node server → disk", "curl, one raw body", floor, bytes, null));
      }
    } finally {
      await bare.close();
      rmSync(path.join(dir, "upload.bin"), { force: true });
    }
    rows.push(...(await appRuns("audio on this disk", {}, files, floors)));
    const s3 = await startS3Server();
    try {
      const bucketFloors = new Map<string, Run>();
      for (const { label, file, bytes } of files) {
        const floor = await measured(process.pid, () => bucketFloor(s3.env, file));
        bucketFloors.set(label, floor);
        rows.push(row(label, "S3 (s3rver)", "AWS SDK multipart, straight from this process", floor, bytes, null));
      }
      rows.push(...(await appRuns("S3 (s3rver)", { ...s3.env, S3_DIRECT_UPLOADS: "true" }, files, bucketFloors, true)));
    } finally {
      await s3.close();
    }
    console.log(
      "Uploads through the built app on 127.0.0.1 (2 cores). Floors: curl -T to a bare Node server writing to disk; for S3, the AWS SDK's multipart upload straight to s3rver (in this process, so its RSS and CPU are this script's). Goals: ≥ 0.7× the floor, web RSS growth < 100 MB.",
    );
    console.table(rows);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
