/**
 * Share views already serialised, by transcript version and link settings (the key), so that a
 * link opened by many strangers at once is built once: the first visitor's request builds it and
 * the others await the same build. Kept while they fit MAX_BYTES, least recently used first out
 * (a 10-hour transcript's view is ~6 MB); a build that fails is not kept.
 */
const MAX_BYTES = 48 * 1024 * 1024;

class ViewBodies {
  private readonly bodies = new Map<string, { body: Promise<Uint8Array<ArrayBuffer>>; bytes: number }>();
  private bytes = 0;

  get(key: string, build: () => Promise<Uint8Array<ArrayBuffer>>): Promise<Uint8Array<ArrayBuffer>> {
    const kept = this.bodies.get(key);
    if (kept) {
      // Map order is the eviction order: a hit moves to the back.
      this.bodies.delete(key);
      this.bodies.set(key, kept);
      return kept.body;
    }
    const entry = { body: build(), bytes: 0 };
    this.bodies.set(key, entry);
    entry.body.then(
      (body) => {
        if (this.bodies.get(key) !== entry) return;
        entry.bytes = body.byteLength;
        this.bytes += body.byteLength;
        this.evict();
      },
      () => {
        if (this.bodies.get(key) === entry) this.bodies.delete(key);
      },
    );
    return entry.body;
  }

  private evict(): void {
    for (const [key, entry] of this.bodies) {
      if (this.bytes <= MAX_BYTES) return;
      this.bodies.delete(key);
      this.bytes -= entry.bytes;
    }
  }
}

const globalForViews = globalThis as unknown as { verbatimShareViews?: ViewBodies };
/** One per process (a module reloaded in development keeps it). */
export const viewBodies = (globalForViews.verbatimShareViews ??= new ViewBodies());
