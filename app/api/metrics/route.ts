import { requireMetricsAccess } from "@/lib/auth/metrics-access";
import { db } from "@/lib/db/client";
import { route } from "@/lib/http/route";
import { jobMetrics, metricsText } from "@/lib/jobs/metrics";
import { aliveWorkers } from "@/lib/transcription/worker-registry";

/** Prometheus's text exposition format. */
const CONTENT_TYPE = "text/plain; version=0.0.4; charset=utf-8";

/** The queue's figures for a Prometheus scraper (METRICS_TOKEN as a bearer token) or an operator. */
export const GET = route({ auth: "none" }, async ({ request }) => {
  await requireMetricsAccess(db(), request.headers);
  const [metrics, workers] = await Promise.all([jobMetrics(db()), aliveWorkers(db())]);
  return new Response(metricsText(metrics, workers.length), { headers: { "content-type": CONTENT_TYPE, "cache-control": "no-store" } });
});
