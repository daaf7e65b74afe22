import { DomainError } from "@/lib/errors/domain-error";

/**
 * Open event streams one user may hold at once. Each costs a little CPU for as long as it is
 * open (150 of them took a quarter of a core), and a person has a few tabs, not dozens.
 */
export const MAX_STREAMS_PER_USER = 10;

const TOO_MANY_STREAMS = "You have too many live views open. Close some tabs and try again.";

// Per process, so behind several web processes a user may hold this many in each: the
// limit is against one client opening hundreds, and keeping the count in memory means a
// stream that ends (the client goes, the process restarts) can never be left counted.
// Kept on globalThis so every route's bundle counts in the same map.
const globalForStreams = globalThis as unknown as { verbatimOpenStreams?: Map<string, number> };
const openStreams = (globalForStreams.verbatimOpenStreams ??= new Map());

/**
 * Takes one of the user's stream slots, or refuses with 429 when all are taken. Returns
 * the function that gives it back: call it when the stream ends, however it ends (calling
 * it again does nothing).
 */
export function takeStreamSlot(userId: string): () => void {
  const held = openStreams.get(userId) ?? 0;
  if (held >= MAX_STREAMS_PER_USER) throw new DomainError("rate_limited", TOO_MANY_STREAMS);
  openStreams.set(userId, held + 1);
  let released = false;
  return () => {
    if (released) return;
    released = true;
    const left = (openStreams.get(userId) ?? 1) - 1;
    if (left > 0) openStreams.set(userId, left);
    else openStreams.delete(userId);
  };
}
