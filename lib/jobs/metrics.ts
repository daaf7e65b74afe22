import { sql } from "drizzle-orm";
import { queryRows, type Database } from "@/lib/db/client";
import { JOB_KINDS, type JobKind } from "@/lib/db/schema";
import { depthByKind } from "./queue-depth";

/** Durations in seconds over the last 24 hours; avg and p95 are null without any. */
interface Durations {
  count: number;
  avg_s: number | null;
  p95_s: number | null;
}

interface KindMetrics {
  /** from queued to first taken by a worker, for jobs first taken in the last 24 h */
  waited: Durations;
  /** from first taken to done or failed, for jobs that ended in the last 24 h */
  ran: Durations;
  failed_24h: number;
  queued: number;
  running: number;
  /** running jobs whose lease ran out (their worker died) */
  stuck: number;
  /** how long the oldest queued job has waited, in seconds */
  oldest_queued_s: number;
}

export type JobMetrics = Record<JobKind, KindMetrics>;

const seconds = (value: number | string | null) => (value === null ? null : Math.round(Number(value) * 1000) / 1000);

/** The queue's figures per kind: what waits and runs now, and how long jobs waited and ran in the last day. */
export async function jobMetrics(database: Database): Promise<JobMetrics> {
  const [depth, rows] = await Promise.all([
    depthByKind(database),
    queryRows<{
      kind: JobKind;
      waited_n: number;
      waited_avg: number | null;
      waited_p95: number | null;
      ran_n: number;
      ran_avg: number | null;
      ran_p95: number | null;
      failed: number;
      stuck: number;
    }>(
      database,
      sql`with recent as (
            select kind, status, locked_until,
                   case when started_at > now() - interval '24 hours' then extract(epoch from started_at - created_at) end as waited,
                   case when status in ('done', 'failed') and finished_at > now() - interval '24 hours'
                        then extract(epoch from finished_at - started_at) end as ran,
                   status = 'failed' and finished_at > now() - interval '24 hours' as failed_recently
              from jobs
             where started_at > now() - interval '24 hours' or finished_at > now() - interval '24 hours' or status = 'running')
          select kind,
                 count(waited)::int as waited_n,
                 avg(waited)::float8 as waited_avg,
                 percentile_cont(0.95) within group (order by waited)::float8 as waited_p95,
                 count(ran)::int as ran_n,
                 avg(ran)::float8 as ran_avg,
                 percentile_cont(0.95) within group (order by ran)::float8 as ran_p95,
                 count(*) filter (where failed_recently)::int as failed,
                 count(*) filter (where status = 'running' and locked_until < now())::int as stuck
            from recent group by kind`,
    ),
  ]);
  const metrics = {} as JobMetrics;
  for (const kind of JOB_KINDS) {
    const row = rows.find((r) => r.kind === kind);
    metrics[kind] = {
      waited: { count: Number(row?.waited_n ?? 0), avg_s: seconds(row?.waited_avg ?? null), p95_s: seconds(row?.waited_p95 ?? null) },
      ran: { count: Number(row?.ran_n ?? 0), avg_s: seconds(row?.ran_avg ?? null), p95_s: seconds(row?.ran_p95 ?? null) },
      failed_24h: Number(row?.failed ?? 0),
      queued: depth[kind].queued,
      running: depth[kind].running,
      stuck: Number(row?.stuck ?? 0),
      oldest_queued_s: depth[kind].oldest_queued_s,
    };
  }
  return metrics;
}

/** A label value as Prometheus's text format writes it. */
const label = (value: string) => `"${value.replace(/\\/g, "\\\\").replace(/"/g, '\\"').replace(/\n/g, "\\n")}"`;

interface Family {
  name: string;
  help: string;
  samples: Array<{ labels: Record<string, string>; value: number | null }>;
}

function family(name: string, help: string, samples: Family["samples"]): Family {
  return { name, help, samples };
}

/**
 * The figures in Prometheus's text exposition format (0.0.4), every family a gauge; an
 * average or p95 without any job in the last day is left out rather than written as NaN.
 */
export function metricsText(metrics: JobMetrics, workersAlive: number, eventLoopDelayMaxS: number | null = null): string {
  const perKind = (value: (m: KindMetrics) => number | null, extra: Record<string, string> = {}) =>
    JOB_KINDS.map((kind) => ({ labels: { kind, ...extra }, value: value(metrics[kind]) }));
  const families = [
    family("verbatim_jobs", "Jobs queued, running, and running with their lease run out (stuck), by kind.", [
      ...perKind((m) => m.queued, { state: "queued" }),
      ...perKind((m) => m.running, { state: "running" }),
      ...perKind((m) => m.stuck, { state: "stuck" }),
    ]),
    family("verbatim_job_oldest_wait_seconds", "How long the oldest queued job of the kind has waited.", perKind((m) => m.oldest_queued_s)),
    family("verbatim_job_wait_seconds", "Time from queued to first taken by a worker, over the last 24 hours.", [
      ...perKind((m) => m.waited.avg_s, { stat: "avg" }),
      ...perKind((m) => m.waited.p95_s, { stat: "p95" }),
    ]),
    family("verbatim_jobs_started_24h", "Jobs first taken by a worker in the last 24 hours.", perKind((m) => m.waited.count)),
    family("verbatim_job_run_seconds", "Time from first taken to done or failed, over the last 24 hours.", [
      ...perKind((m) => m.ran.avg_s, { stat: "avg" }),
      ...perKind((m) => m.ran.p95_s, { stat: "p95" }),
    ]),
    family("verbatim_jobs_ended_24h", "Jobs done or failed in the last 24 hours.", perKind((m) => m.ran.count)),
    family("verbatim_jobs_failed_24h", "Jobs failed for good in the last 24 hours.", perKind((m) => m.failed_24h)),
    family("verbatim_workers_alive", "Worker processes that sent a heartbeat in the last 30 seconds.", [{ labels: {}, value: workersAlive }]),
    family("verbatim_event_loop_delay_max_seconds", "The longest this server process's event loop was held since the previous scrape.", [
      { labels: {}, value: eventLoopDelayMaxS },
    ]),
  ];
  const lines: string[] = [];
  for (const f of families) {
    lines.push(`# HELP ${f.name} ${f.help}`, `# TYPE ${f.name} gauge`);
    for (const sample of f.samples) {
      if (sample.value === null) continue;
      const labels = Object.entries(sample.labels).map(([k, v]) => `${k}=${label(v)}`);
      lines.push(`${f.name}${labels.length ? `{${labels.join(",")}}` : ""} ${sample.value}`);
    }
  }
  return `${lines.join("\n")}\n`;
}
