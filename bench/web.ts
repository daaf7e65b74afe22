/**
 * `npm run bench:web`: the page figures of issue 16 beside a bare Next.js app built from
 * bench/reference-app with the same Next.js and React — first-load JavaScript of `/`, `/login`
 * and `/signup` (gzip -9 of every script the page loads, modern browsers), `GET /` throughput
 * (wrk, 50 connections, alternated rounds), Lighthouse mobile on `/` (Debian's Chromium) —
 * then the API figures of bench/web-api.ts. Needs `npm run build` first. `--pages` skips the API part.
 */
import { execFile } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";

import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { gzipSync } from "node:zlib";
import { alternated, startBuiltApp, wrk, type Figure } from "./built-app";
import { buildReferenceApp, type ReferenceBuild } from "./reference-server";
import { apiFigures } from "./web-api";

const ROOT = path.resolve(__dirname, "..");
const run = promisify(execFile);
const KB = 1000;
const LIGHTHOUSE_RUNS = 3;

/**
 * Gzip -9 size of every script a page's HTML loads (module scripts; `nomodule` ones are for old
 * browsers only). The landing page boots its runtime later (lib/landing/deferred-runtime.ts):
 * its boot file and the scripts that adds are counted too, as they are what the page loads in the end.
 */
async function firstLoadJsKb(baseUrl: string, pathname: string): Promise<number> {
  const html = await (await fetch(baseUrl + pathname)).text();
  const sources = new Set<string>();
  for (const tag of html.match(/<script\b[^>]*>/g) ?? []) {
    const src = /\ssrc="([^"]+)"/.exec(tag)?.[1];
    if (src && !/\snomodule\b/i.test(tag)) sources.add(new URL(src.replaceAll("&amp;", "&"), baseUrl).href);
  }
  const bootFile = /"(\/_next\/static\/landing\/[^"]+\.js)"/.exec(html)?.[1];
  if (bootFile) {
    sources.add(new URL(bootFile, baseUrl).href);
    const boot = await (await fetch(new URL(bootFile, baseUrl))).text();
    for (const line of boot.split("\n").filter((l) => l.startsWith("[") && !l.includes("noModule"))) {
      for (const src of JSON.parse(line.slice(0, line.indexOf("].forEach") + 1)) as string[]) sources.add(new URL(src, baseUrl).href);
    }
  }
  let bytes = 0;
  for (const src of sources) {
    const response = await fetch(src);
    if (!response.ok) throw new Error(`${src} answered ${response.status}`);
    bytes += gzipSync(Buffer.from(await response.arrayBuffer()), { level: 9 }).length;
  }
  return bytes / KB;
}

interface LighthouseResult {
  score: number;
  lcpMs: number;
  totalMs: number;
}

/** Lighthouse's mobile preset (its default), performance only, in Debian's Chromium; the median of a few runs. */
async function lighthouse(url: string): Promise<LighthouseResult> {
  const results: LighthouseResult[] = [];
  for (let attempt = 0; results.length < LIGHTHOUSE_RUNS; attempt++) {
    const started = Date.now();
    // Lighthouse exits non-zero when the run failed, still printing its report.
    const stdout = await run(
      path.join(ROOT, "node_modules/.bin/lighthouse"),
      [url, "--only-categories=performance", "--output=json", "--output-path=stdout", "--quiet", "--chrome-flags=--headless=new --no-sandbox --disable-gpu"],
      { env: { ...process.env, CHROME_PATH: "/usr/bin/chromium" }, maxBuffer: 64 * 1024 * 1024 },
    ).then(
      (r) => r.stdout,
      (error: { stdout?: string }) => error.stdout ?? "{}",
    );
    const report = JSON.parse(stdout) as { runtimeError?: { code: string }; categories?: { performance: { score: number | null } }; audits: Record<string, { numericValue?: number }> };
    const score = report.categories?.performance.score ?? null;
    if (score === null) {
      // Chromium now and then records no trace (NO_NAVSTART); Lighthouse's advice is to run again.
      if (attempt >= LIGHTHOUSE_RUNS * 2) throw new Error(`Lighthouse keeps failing on ${url}: ${report.runtimeError?.code}`);
      continue;
    }
    results.push({ score, lcpMs: report.audits["largest-contentful-paint"].numericValue ?? NaN, totalMs: Date.now() - started });
  }
  const median = (pick: (r: LighthouseResult) => number) => results.map(pick).sort((a, b) => a - b)[Math.floor(results.length / 2)];
  return { score: median((r) => r.score), lcpMs: median((r) => r.lcpMs), totalMs: median((r) => r.totalMs) };
}

const fmt = (n: number) => Math.round(n).toLocaleString("en");
const ratio = (a: number, b: number) => `${(a / b).toFixed(2)}×`;

async function pageFigures(reference: ReferenceBuild): Promise<Figure[]> {
  const jsonFile = path.join(mkdtempSync(path.join(os.tmpdir(), "verbatim-bench-json-")), "answer.json");
  writeFileSync(jsonFile, "{}");
  const bare = await reference.start({ BARE_JSON_FILE: jsonFile });
  const app = await startBuiltApp();
  try {
    const figures: Figure[] = [];
    const bareJs = await firstLoadJsKb(bare.baseUrl, "/");
    for (const page of ["/", "/login", "/signup"]) {
      const kb = await firstLoadJsKb(app.baseUrl, page);
      figures.push({ what: `first-load JS of ${page}, gzip -9`, verbatim: `${kb.toFixed(1)} KB`, reference: `bare / ${bareJs.toFixed(1)} KB`, ratio: ratio(kb, bareJs), target: "≤ 160 KB" });
    }

    await wrk(`${app.baseUrl}/`, {}, 3); // warm-up, not counted
    await wrk(`${bare.baseUrl}/`, {}, 3);
    const [ours, theirs] = await alternated([{ url: `${app.baseUrl}/` }, { url: `${bare.baseUrl}/` }]);
    figures.push(
      { what: "GET / throughput", verbatim: `${fmt(ours.requestsPerSecond)} req/s`, reference: `bare static ${fmt(theirs.requestsPerSecond)}`, ratio: ratio(ours.requestsPerSecond, theirs.requestsPerSecond), target: "≥ 0.90×" },
      { what: "GET / p99", verbatim: `${ours.p99Ms.toFixed(1)} ms`, reference: `bare ${theirs.p99Ms.toFixed(1)} ms`, ratio: "—", target: "—" },
    );
    // A running app has served dynamic requests (our page's own session check is one). The first
    // AsyncLocalStorage.run, Next.js's own included, turns on Node 20's promise hooks for the
    // whole process; the bare app serving only its static page never pays them. Measured again
    // with the bare app as it is once it has answered one route handler.
    const answered = await fetch(`${bare.baseUrl}/api/json`);
    if (!answered.ok) throw new Error(`the bare JSON route answered ${answered.status}`);
    const [oursAgain, theirsServing] = await alternated([{ url: `${app.baseUrl}/` }, { url: `${bare.baseUrl}/` }]);
    figures.push({
      what: "GET / throughput, bare after one API call",
      verbatim: `${fmt(oursAgain.requestsPerSecond)} req/s`,
      reference: `bare ${fmt(theirsServing.requestsPerSecond)}`,
      ratio: ratio(oursAgain.requestsPerSecond, theirsServing.requestsPerSecond),
      target: "≥ 0.90×",
    });

    const ourLh = await lighthouse(`${app.baseUrl}/`);
    const bareLh = await lighthouse(`${bare.baseUrl}/`);
    figures.push(
      { what: "Lighthouse mobile performance, /", verbatim: ourLh.score.toFixed(2), reference: `bare ${bareLh.score.toFixed(2)}`, ratio: "—", target: "≥ 0.98" },
      { what: "Lighthouse LCP, /", verbatim: `${(ourLh.lcpMs / 1000).toFixed(2)} s`, reference: `bare ${(bareLh.lcpMs / 1000).toFixed(2)} s`, ratio: ratio(ourLh.lcpMs, bareLh.lcpMs), target: "≤ 1.50×" },
      { what: "Lighthouse run time, /", verbatim: `${(ourLh.totalMs / 1000).toFixed(1)} s`, reference: `bare ${(bareLh.totalMs / 1000).toFixed(1)} s`, ratio: "—", target: "no 45 s page-load limit" },
    );
    return figures;
  } finally {
    await app.stop();
    await bare.stop();
    rmSync(path.dirname(jsonFile), { recursive: true, force: true });
  }
}

async function main() {
  const reference = await buildReferenceApp();
  try {
    const figures = await pageFigures(reference);
    if (!process.argv.includes("--pages")) figures.push(...(await apiFigures(3, reference)));
    report(figures);
  } finally {
    reference.remove();
  }
}

function report(figures: Figure[]) {
  console.log(`Machine: ${os.cpus().length} cores, load ${os.loadavg()[0].toFixed(2)} at the end. Bare = bench/reference-app built now with the same Next.js.`);
  console.table(figures);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
