import { requireMetricsAccess } from "@/lib/auth/metrics-access";
import { db } from "@/lib/db/client";
import { route } from "@/lib/http/route";
import { jobMetrics, metricsText } from "@/lib/jobs/metrics";
import { aliveWorkers } from "@/lib/transcription/worker-registry";
import { takeEventLoopDelayMax } from "@/lib/process/event-loop-delay";
import * as serviceApi from "@/lib/api/endpoints/service";

/** Prometheus's text exposition format. */
const CONTENT_TYPE = "text/plain; version=0.0.4; charset=utf-8";

/**
 * The queue's figures, and how long this process's event loop was held since the previous
 * scrape, for a Prometheus scraper (METRICS_TOKEN as a bearer token) or an operator.
 */
export const GET = route(serviceApi.metrics, { auth: "none" }, async ({ request }) => {
  await requireMetricsAccess(db(), request.headers);
  const [metrics, workers] = await Promise.all([jobMetrics(db()), aliveWorkers(db())]);
  return new Response(metricsText(metrics, workers.length, takeEventLoopDelayMax()), { headers: { "content-type": CONTENT_TYPE, "cache-control": "no-store" } });
});
