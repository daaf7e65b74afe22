import { getEventListeners } from "node:events";
import { eq } from "drizzle-orm";
import type { Database } from "@/lib/db/client";
import { jobs } from "@/lib/db/schema";
import { BACKENDS, useOpenedDatabase } from "@/test/support/databases";
import { insertUser } from "@/test/support/users";
import { claim, insertJob, fail, release, retry } from "./store";
import { startWakeups, type Wakeups } from "./wakeups";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** How long `wait` took, in ms. */
async function timed(wait: Promise<void>): Promise<number> {
  const began = Date.now();
  await wait;
  return Date.now() - began;
}

describe.each(BACKENDS)("wake-ups on %s", (_name, open) => {
  const t = useOpenedDatabase(open);
  let db: Database;
  let wakeups: Wakeups;
  const never = new AbortController().signal;
  beforeAll(() => {
    db = t.db;
  });
  beforeEach(async () => {
    await db.delete(jobs);
    wakeups = await startWakeups(db);
  });
  afterEach(async () => {
    await wakeups.close();
  });

  it("ends a wait when a job of its kinds is queued", async () => {
    const waiting = timed(wakeups.wait(["mail"], 10_000, never, wakeups.mark()));
    await sleep(100);
    await insertJob(db, { kind: "mail" });
    expect(await waiting).toBeLessThan(1000);
  });

  it("does not end a wait for a job of another kind", async () => {
    const user = await insertUser(db);
    const waiting = timed(wakeups.wait(["mail", "transcribe"], 800, never, wakeups.mark()));
    await sleep(50);
    await insertJob(db, { kind: "format", userId: user });
    expect(await waiting).toBeGreaterThanOrEqual(750);
  });

  it("returns at once when a job was queued after the mark, before the wait began", async () => {
    const mark = wakeups.mark();
    await insertJob(db, { kind: "mail" });
    await sleep(100); // the notification has arrived
    expect(await timed(wakeups.wait(["mail"], 10_000, never, mark))).toBeLessThan(100);
    // A later mark has seen it.
    expect(await timed(wakeups.wait(["mail"], 300, never, wakeups.mark()))).toBeGreaterThanOrEqual(250);
  });

  it("wakes every waiter on poke, whatever their kinds", async () => {
    const a = timed(wakeups.wait(["mail"], 10_000, never, wakeups.mark()));
    const b = timed(wakeups.wait(["live"], 10_000, never, wakeups.mark()));
    await sleep(50);
    wakeups.poke();
    expect(await a).toBeLessThan(500);
    expect(await b).toBeLessThan(500);
  });

  it("ends a wait when its signal aborts, or at once when it already has, leaving no listener", async () => {
    const stopping = new AbortController();
    const waiting = timed(wakeups.wait(["mail"], 10_000, stopping.signal, wakeups.mark()));
    await sleep(50);
    stopping.abort();
    expect(await waiting).toBeLessThan(500);
    expect(await timed(wakeups.wait(["mail"], 10_000, stopping.signal, wakeups.mark()))).toBeLessThan(50);

    const long = new AbortController();
    for (let i = 0; i < 20; i++) await wakeups.wait(["mail"], 5, long.signal, wakeups.mark());
    const poked = wakeups.wait(["mail"], 10_000, long.signal, wakeups.mark());
    wakeups.poke();
    await poked;
    expect(getEventListeners(long.signal, "abort")).toHaveLength(0);
  });

  it("ends a wait after its time without a wake-up", async () => {
    expect(await timed(wakeups.wait(["mail"], 300, never, wakeups.mark()))).toBeGreaterThanOrEqual(280);
  });

  it("is woken when a job goes back to the queue (released or retried), not when it ends", async () => {
    const id = (await insertJob(db, { kind: "mail" }))!;
    await sleep(100);
    const held = (await claim(db, "w", ["mail"], 30_000))!;

    let mark = wakeups.mark();
    await release(db, held);
    await sleep(100);
    expect(await timed(wakeups.wait(["mail"], 10_000, never, mark))).toBeLessThan(100);

    const again = (await claim(db, "w", ["mail"], 30_000))!;
    mark = wakeups.mark();
    await retry(db, again, "later", 0);
    await sleep(100);
    expect(await timed(wakeups.wait(["mail"], 10_000, never, mark))).toBeLessThan(100);

    const last = (await claim(db, "w", ["mail"], 30_000))!;
    mark = wakeups.mark();
    await fail(db, last, "gone");
    await sleep(100);
    expect(await timed(wakeups.wait(["mail"], 400, never, mark))).toBeGreaterThanOrEqual(350);
    expect((await db.select().from(jobs).where(eq(jobs.id, id)))[0].status).toBe("failed");
  });

  it("hears nothing more once closed", async () => {
    await wakeups.close();
    const mark = wakeups.mark();
    await insertJob(db, { kind: "mail" });
    await sleep(100);
    expect(wakeups.mark()).toBe(mark);
    wakeups = await startWakeups(db); // for afterEach
  });
});
