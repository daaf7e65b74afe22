/**
 * Holds a lease while `work` runs: `renew` is called every third of the lease; the signal
 * given to `work` aborts when a renewal answers false (canceled, or taken over by another
 * worker) or when `outer` aborts. A renewal that fails for the database's reasons is let be:
 * if it keeps failing the lease runs out and another worker takes the job, as if this one died.
 * The one lease timer of the engine: jobs and the pieces of a long file both use it.
 */
export async function withLease<T>(
  lease: { renew: () => Promise<boolean>; leaseMs: number; outer?: AbortSignal },
  work: (signal: AbortSignal, lost: AbortSignal) => Promise<T>,
): Promise<T> {
  const lost = new AbortController();
  // One controller for both causes, its listener on the outer signal removed at the end: a
  // long file's many pieces must not pile listeners onto their job's signal.
  const either = new AbortController();
  const stop = () => either.abort();
  lost.signal.addEventListener("abort", stop, { once: true });
  if (lease.outer?.aborted) either.abort();
  else lease.outer?.addEventListener("abort", stop, { once: true });
  const timer = setInterval(
    () => {
      void lease
        .renew()
        .then((mine) => mine || lost.abort())
        .catch(() => {});
    },
    Math.max(250, lease.leaseMs / 3),
  );
  try {
    return await work(either.signal, lost.signal);
  } finally {
    clearInterval(timer);
    lease.outer?.removeEventListener("abort", stop);
  }
}
