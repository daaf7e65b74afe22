import { randomUUID } from "node:crypto";
import { ERRORS, type Lock, type Locker, type RequestRelease } from "@tus/server";
import { and, eq, isNull, lt, or, sql } from "drizzle-orm";
import type { Database } from "@/lib/db/client";
import { bucketTusUploads } from "@/lib/db/schema";

/** A holder that stops renewing (its host died) loses the upload after this. */
const LEASE_S = 15;
const RENEW_MS = 1000;
const RETRY_MS = 250;
/** As tus's own locker: a request that cannot have the upload within this is refused (423 would be wrong here: tus answers its lock timeout). */
const ACQUIRE_TIMEOUT_MS = 30_000;

/**
 * tus's locker for uploads any web host may serve: a lease on the upload's row. A request
 * that wants an upload another holds (a client resuming after a stalled connection, on this
 * host or another) marks the row `release_wanted`; the holder sees it within a second, as it
 * renews its lease, and lets go (tus ends its request with what arrived). A host that dies
 * holding a lease just stops renewing it. An upload that has no row (being created, or
 * finished) needs no lock: the store answers for it.
 */
export class LeaseLocker implements Locker {
  /** Requests of this host holding an upload, asked at once (without the database) to let go. */
  private readonly holders = new Map<string, RequestRelease>();

  /** `settled(id)`: resolves when this host's write of the upload is over (BucketTusStore.settled) */
  constructor(
    private readonly database: Database,
    private readonly settled: (id: string) => Promise<void>,
  ) {}

  newLock(id: string): Lock {
    return new Lease(this.database, id, this.settled, this.holders);
  }
}

class Lease implements Lock {
  private readonly token = randomUUID();
  private renewal: NodeJS.Timeout | undefined;
  private held = false;
  private release: RequestRelease | undefined;

  constructor(
    private readonly database: Database,
    private readonly id: string,
    private readonly settled: (id: string) => Promise<void>,
    private readonly holders: Map<string, RequestRelease>,
  ) {}

  async lock(signal: AbortSignal, requestRelease: RequestRelease): Promise<void> {
    const deadline = Date.now() + ACQUIRE_TIMEOUT_MS;
    for (;;) {
      if (signal.aborted) throw ERRORS.ABORTED;
      const outcome = await this.claim();
      if (outcome === "absent") return;
      if (outcome === "claimed") {
        this.held = true;
        this.release = requestRelease;
        this.holders.set(this.id, requestRelease);
        this.renewal = setInterval(() => void this.renew(requestRelease), RENEW_MS);
        this.renewal.unref();
        return;
      }
      await this.holders.get(this.id)?.();
      if (Date.now() > deadline) throw ERRORS.ERR_LOCK_TIMEOUT;
      await new Promise((resolve) => setTimeout(resolve, RETRY_MS));
    }
  }

  async unlock(): Promise<void> {
    if (!this.held) return;
    // A broken request's write goes on keeping what arrived: the upload is let go after it.
    await this.settled(this.id);
    clearInterval(this.renewal);
    this.held = false;
    if (this.holders.get(this.id) === this.release) this.holders.delete(this.id);
    await this.database
      .update(bucketTusUploads)
      .set({ lockToken: null, lockedUntil: null })
      .where(and(eq(bucketTusUploads.id, this.id), eq(bucketTusUploads.lockToken, this.token)));
  }

  /** Takes the lease if nobody holds it or it ran out; else asks its holder to let go ("absent": no such upload). */
  private async claim(): Promise<"claimed" | "held" | "absent"> {
    const db = this.database;
    const claimed = await db
      .update(bucketTusUploads)
      .set({ lockToken: this.token, lockedUntil: sql`now() + make_interval(secs => ${LEASE_S})`, releaseWanted: false })
      .where(and(eq(bucketTusUploads.id, this.id), or(isNull(bucketTusUploads.lockToken), lt(bucketTusUploads.lockedUntil, sql`now()`))))
      .returning({ id: bucketTusUploads.id });
    if (claimed.length) return "claimed";
    const wanted = await db.update(bucketTusUploads).set({ releaseWanted: true }).where(eq(bucketTusUploads.id, this.id)).returning({ id: bucketTusUploads.id });
    return wanted.length ? "held" : "absent";
  }

  private async renew(requestRelease: RequestRelease): Promise<void> {
    const row = await this.database
      .update(bucketTusUploads)
      .set({ lockedUntil: sql`now() + make_interval(secs => ${LEASE_S})` })
      .where(and(eq(bucketTusUploads.id, this.id), eq(bucketTusUploads.lockToken, this.token)))
      .returning({ releaseWanted: bucketTusUploads.releaseWanted })
      .catch(() => null);
    // A failed renewal is tried again in a second; a lease that is gone (it ran out and another took it) is let go.
    if (row === null) return;
    if (!row.length || row[0]!.releaseWanted) await requestRelease();
  }
}
