/**
 * Runs once per server start, before the first request: every request is stamped with its
 * TCP peer address (rate limits must not trust a client's X-Forwarded-For), the database is made ready, and
 * the transcription worker starts inside this process (PGlite allows only one process;
 * with PostgreSQL set WORKER_IN_APP=false to leave the work to `npm run worker`).
 */
export async function register() {
  const { assertStartable, isNodeRuntime } = await import("@/lib/env");
  if (!isNodeRuntime()) return;
  assertStartable();
  const { stampPeerAddresses } = await import("@/lib/security/client-address");
  stampPeerAddresses();
  const { prepareDatabase } = await import("@/lib/db/prepare");
  await prepareDatabase();
  const { startAppWorker } = await import("@/lib/transcription/app-worker");
  startAppWorker();
}
