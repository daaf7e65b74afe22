import { eq, sql } from "drizzle-orm";
import type { Database } from "@/lib/db/client";
import { jobs } from "@/lib/db/schema";
import { BACKENDS, useOpenedDatabase } from "@/test/support/databases";
import { LEASE_MS, failedJob, queued } from "@/test/support/job-fixtures";
import { jobMetrics, metricsText, type JobMetrics } from "./metrics";
import { claim, complete } from "./store";

/** A mail job that waited `waitedS` and ran `ranS` seconds, ending `endedAgoS` seconds ago (done, or failed). */
async function endedMail(db: Database, waitedS: number, ranS: number, { endedAgoS = 60, failed = false } = {}) {
  const id = await queued(db, { kind: "mail" });
  if (failed) await failedJob(db, "mail", "refused");
  else await complete(db, (await claim(db, "w", ["mail"], LEASE_MS))!);
  await db
    .update(jobs)
    .set({
      finishedAt: sql`now() - make_interval(secs => ${endedAgoS})`,
      startedAt: sql`now() - make_interval(secs => ${endedAgoS + ranS})`,
      createdAt: sql`now() - make_interval(secs => ${endedAgoS + ranS + waitedS})`,
    })
    .where(eq(jobs.id, id));
  return id;
}

describe.each(BACKENDS)("the queue's figures, on %s", (_name, open) => {
  const t = useOpenedDatabase(open);
  beforeEach(async () => {
    await t.db.delete(jobs);
  });

  it("averages and takes the 95th percentile of waits and runs of the last day, and counts failures", async () => {
    const db = t.db;
    for (const [waited, ran] of [
      [1, 10],
      [2, 20],
      [3, 30],
      [4, 40],
    ])
      await endedMail(db, waited, ran);
    await endedMail(db, 10, 100, { failed: true });
    // a day and more ago: not counted
    await endedMail(db, 500, 500, { endedAgoS: 25 * 3600, failed: true });

    const { mail, transcribe } = await jobMetrics(db);
    expect(mail.waited.count).toBe(5);
    expect(mail.waited.avg_s).toBeCloseTo(4);
    // percentile_cont: between the 4th and 5th of 1, 2, 3, 4, 10, at 0.8
    expect(mail.waited.p95_s).toBeCloseTo(8.8);
    expect(mail.ran).toEqual({ count: 5, avg_s: 40, p95_s: 88 });
    expect(mail.failed_24h).toBe(1);
    expect(transcribe).toEqual({
      waited: { count: 0, avg_s: null, p95_s: null },
      ran: { count: 0, avg_s: null, p95_s: null },
      failed_24h: 0,
      queued: 0,
      running: 0,
      stuck: 0,
      oldest_queued_s: 0,
    });
  });

  it("says what waits and runs now: queued, running, stuck, the oldest wait", async () => {
    const db = t.db;
    await queued(db, { kind: "format" }, 90);
    await queued(db, { kind: "format" }, 30);
    await queued(db, { kind: "transcribe" });
    const dead = (await claim(db, "w", ["transcribe"], LEASE_MS))!;
    await queued(db, { kind: "transcribe" });
    await claim(db, "w2", ["transcribe"], LEASE_MS);
    await db.update(jobs).set({ lockedUntil: sql`now() - interval '1 second'` }).where(eq(jobs.id, dead.id));

    const metrics = await jobMetrics(db);
    expect(metrics.format).toMatchObject({ queued: 2, running: 0, stuck: 0 });
    expect(metrics.format.oldest_queued_s).toBeGreaterThanOrEqual(90);
    expect(metrics.format.oldest_queued_s).toBeLessThan(100);
    expect(metrics.transcribe).toMatchObject({ queued: 0, running: 2, stuck: 1 });
    // taken just now: each waited under a second
    expect(metrics.transcribe.waited.count).toBe(2);
    expect(metrics.transcribe.waited.avg_s).toBeLessThan(1);
    expect(metrics.transcribe.ran.count).toBe(0);
  });
});

/** Prometheus's text format, read back: each sample's name, labels and value, and each family's type. */
function parse(text: string) {
  const types = new Map<string, string>();
  const samples: Array<{ name: string; labels: Record<string, string>; value: number }> = [];
  expect(text.endsWith("\n")).toBe(true);
  for (const line of text.trimEnd().split("\n")) {
    const type = /^# TYPE (\w+) (gauge|counter)$/.exec(line);
    if (type) types.set(type[1], type[2]);
    if (line.startsWith("#")) {
      expect(line).toMatch(/^# (HELP|TYPE) \w+ .+$/);
      continue;
    }
    const sample = /^(\w+)(?:\{(.*)\})? (-?[\d.]+(?:e[+-]?\d+)?)$/.exec(line);
    expect(sample).not.toBeNull();
    const [, name, labelText = "", value] = sample!;
    const labels = Object.fromEntries([...labelText.matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((m) => [m[1], m[2]]));
    expect(types.has(name)).toBe(true);
    samples.push({ name, labels, value: Number(value) });
  }
  return { types, samples };
}

describe("the figures as Prometheus reads them", () => {
  const durations = (avg: number | null, p95: number | null, count = 3) => ({ count, avg_s: avg, p95_s: p95 });
  const quiet = { waited: durations(null, null, 0), ran: durations(null, null, 0), failed_24h: 0, queued: 0, running: 0, stuck: 0, oldest_queued_s: 0 };
  const metrics: JobMetrics = {
    transcribe: { waited: durations(1.5, 4.25), ran: durations(62, 180.5), failed_24h: 2, queued: 3, running: 1, stuck: 1, oldest_queued_s: 75 },
    format: quiet,
    mail: { ...quiet, queued: 4 },
    live: quiet,
    webhook: quiet,
  };

  it("writes every family as a gauge with kind labels, and the workers alive", () => {
    const { types, samples } = parse(metricsText(metrics, 2));
    const value = (name: string, labels: Record<string, string> = {}) =>
      samples.find((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v) && Object.keys(s.labels).length === Object.keys(labels).length)?.value;
    expect([...types.values()].every((type) => type === "gauge")).toBe(true);
    expect(value("verbatim_jobs", { kind: "transcribe", state: "queued" })).toBe(3);
    expect(value("verbatim_jobs", { kind: "transcribe", state: "running" })).toBe(1);
    expect(value("verbatim_jobs", { kind: "transcribe", state: "stuck" })).toBe(1);
    expect(value("verbatim_jobs", { kind: "mail", state: "queued" })).toBe(4);
    expect(value("verbatim_job_wait_seconds", { kind: "transcribe", stat: "avg" })).toBe(1.5);
    expect(value("verbatim_job_wait_seconds", { kind: "transcribe", stat: "p95" })).toBe(4.25);
    expect(value("verbatim_job_run_seconds", { kind: "transcribe", stat: "p95" })).toBe(180.5);
    expect(value("verbatim_job_oldest_wait_seconds", { kind: "transcribe" })).toBe(75);
    expect(value("verbatim_jobs_failed_24h", { kind: "transcribe" })).toBe(2);
    expect(value("verbatim_jobs_started_24h", { kind: "transcribe" })).toBe(3);
    expect(value("verbatim_workers_alive")).toBe(2);
    // every kind has its counts; a kind without a job in the last day has no average to write
    for (const kind of ["transcribe", "format", "mail", "live"]) expect(value("verbatim_jobs_failed_24h", { kind })).toBeDefined();
    expect(value("verbatim_job_wait_seconds", { kind: "format", stat: "avg" })).toBeUndefined();
    expect(samples.every((s) => Number.isFinite(s.value))).toBe(true);
    // Not watched here: the event loop's delay is left out rather than written as 0.
    expect(value("verbatim_event_loop_delay_max_seconds")).toBeUndefined();
  });

  it("writes the event loop's longest delay since the previous scrape when the server watches it", () => {
    const { samples } = parse(metricsText(metrics, 1, 0.042));
    expect(samples.find((s) => s.name === "verbatim_event_loop_delay_max_seconds")?.value).toBe(0.042);
  });
});
