/**
 * Runs once per server start, before the first request: every request is stamped with its
 * TCP peer address (rate limits must not trust a client's X-Forwarded-For), the database is made ready, and
 * the transcription worker starts inside this process (PGlite allows only one process;
 * with PostgreSQL set WORKER_IN_APP=false to leave the work to `npm run worker`).
 */
export async function register() {
  // Written out literally: Next.js replaces it per runtime at build time, which keeps the
  // server's code out of the edge bundle (the one process.env read outside lib/env).
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { assertStartable } = await import("@/lib/env");
  assertStartable();
  const { stampPeerAddresses } = await import("@/lib/security/client-address");
  stampPeerAddresses();
  const { watchEventLoopDelay } = await import("@/lib/process/event-loop-delay");
  watchEventLoopDelay();
  const { prepareDatabase } = await import("@/lib/db-setup/prepare");
  await prepareDatabase();
  const { startAppWorker } = await import("@/lib/worker/app-worker");
  startAppWorker();
}
