import { eq } from "drizzle-orm";
import { openDatabase, type Database } from "@/lib/db/client";
import { jobSchedules } from "@/lib/db/schema";
import { BACKENDS, useOpenedDatabase } from "@/test/support/databases";
import { runSchedules, type Schedule } from "./schedule";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function entry(db: Database, name: string) {
  const [row] = await db.select().from(jobSchedules).where(eq(jobSchedules.name, name));
  return row;
}

/** Runs schedules on `database` until the returned stop() (which waits for the runner to end). */
function runner(database: Database, schedules: Schedule[], tickMs = 20) {
  const stopping = new AbortController();
  const running = runSchedules(database, schedules, stopping.signal, tickMs);
  return async () => {
    stopping.abort();
    await running;
  };
}

describe.each(BACKENDS)("runSchedules on %s", (name, open) => {
  const t = useOpenedDatabase(open);
  let db: Database;
  beforeAll(() => {
    db = t.db;
  });
  beforeEach(async () => {
    await db.delete(jobSchedules);
  });

  it("runs a schedule once per period between two workers", async () => {
    // On PostgreSQL the second worker has its own pool, as another process would.
    const other = name === "PostgreSQL" ? openDatabase({ url: t.url }) : null;
    const runs: Array<{ by: string; at: number }> = [];
    const schedule = (by: string): Schedule => ({
      name: "sweep",
      everyMs: 400,
      run: async () => {
        runs.push({ by, at: Date.now() });
      },
    });
    const began = Date.now();
    const stops = [runner(db, [schedule("a")]), runner(other?.db ?? db, [schedule("b")])];
    await sleep(2100);
    await Promise.all(stops.map((stop) => stop()));
    await other?.close();
    const elapsed = Date.now() - began;

    expect(runs.length).toBeGreaterThanOrEqual(4);
    expect(runs.length).toBeLessThanOrEqual(Math.floor(elapsed / 400) + 1);
    const gaps = runs.slice(1).map((r, i) => r.at - runs[i].at);
    expect(Math.min(...gaps)).toBeGreaterThanOrEqual(400 - 100); // never twice within a period
    const row = await entry(db, "sweep");
    expect(row.lastRunAt).not.toBeNull();
    // Due a period after the last run ended.
    expect(row.nextRunAt.getTime() - row.lastRunAt!.getTime()).toBeGreaterThanOrEqual(400);
    expect(row.nextRunAt.getTime() - row.lastRunAt!.getTime()).toBeLessThan(400 + 300);
    expect(row.lastError).toBeNull();
  });

  it("never starts a run beside one still under way, however short the period", async () => {
    const other = name === "PostgreSQL" ? openDatabase({ url: t.url }) : null;
    let running = 0;
    let most = 0;
    let runs = 0;
    const slow = (): Schedule => ({
      name: "slow",
      everyMs: 200,
      run: async () => {
        running++;
        most = Math.max(most, running);
        runs++;
        await sleep(500);
        running--;
      },
    });
    const stops = [runner(db, [slow()]), runner(other?.db ?? db, [slow()])];
    await sleep(2000);
    await Promise.all(stops.map((stop) => stop()));
    await other?.close();
    expect(runs).toBeGreaterThanOrEqual(2);
    expect(most).toBe(1);
  });

  it("keeps a failure's message on the entry and runs the schedule again next period, the others as usual", async () => {
    let failing = 0;
    let healthy = 0;
    const stop = runner(db, [
      {
        name: "broken",
        everyMs: 200,
        run: async () => {
          failing++;
          throw new Error("the bucket is away");
        },
      },
      { name: "fine", everyMs: 200, run: async () => void healthy++ },
    ]);
    await sleep(700);
    await stop();
    expect(failing).toBeGreaterThanOrEqual(3);
    expect(healthy).toBeGreaterThanOrEqual(3);
    expect((await entry(db, "broken")).lastError).toBe("the bucket is away");
    expect((await entry(db, "fine")).lastError).toBeNull();
  });

  it("clears the kept error once the schedule succeeds again", async () => {
    let calls = 0;
    const stop = runner(db, [
      {
        name: "flaky",
        everyMs: 200,
        run: async () => {
          if (++calls === 1) throw new Error("first time fails");
        },
      },
    ]);
    await sleep(100);
    expect((await entry(db, "flaky")).lastError).toBe("first time fails");
    await sleep(300);
    await stop();
    expect(calls).toBeGreaterThanOrEqual(2);
    expect((await entry(db, "flaky")).lastError).toBeNull();
  });

  it("does not run a schedule again within its period after a restart", async () => {
    let runs = 0;
    const hourly: Schedule = { name: "hourly", everyMs: 3_600_000, run: async () => void runs++ };
    let stop = runner(db, [hourly]);
    await sleep(200);
    await stop();
    expect(runs).toBe(1);
    stop = runner(db, [hourly]);
    await sleep(200);
    await stop();
    expect(runs).toBe(1);
    const row = await entry(db, "hourly");
    expect(row.nextRunAt.getTime()).toBeGreaterThan(Date.now() + 3_500_000);
  });

  it("runs only the schedules a worker knows", async () => {
    const ran: string[] = [];
    const stops = [
      runner(db, [{ name: "only-a", everyMs: 3_600_000, run: async () => void ran.push("only-a") }]),
      runner(db, [{ name: "only-b", everyMs: 3_600_000, run: async () => void ran.push("only-b") }]),
    ];
    await sleep(300);
    await Promise.all(stops.map((stop) => stop()));
    expect(ran.sort()).toEqual(["only-a", "only-b"]);
  });

  it("hands an occurrence taken while stopping back unrun, its last run unchanged", async () => {
    const lastRunAt = new Date(Date.now() - 3_600_000);
    await db.insert(jobSchedules).values({ name: "handed", nextRunAt: new Date(Date.now() - 1000), lastRunAt });
    const stopping = new AbortController();
    // The worker is told to stop just as its claim of the due occurrence returns.
    const stoppingAfterClaim = new Proxy(db, {
      get(target, key, receiver) {
        const value = Reflect.get(target, key, receiver);
        if (key !== "execute") return value;
        return async (...args: unknown[]) => {
          const result = await (value as (...a: unknown[]) => Promise<unknown>).apply(target, args);
          if ((result as { rows?: Array<{ name?: string }> }).rows?.some((row) => row.name === "handed")) stopping.abort();
          return result;
        };
      },
    });
    let runs = 0;
    await runSchedules(stoppingAfterClaim, [{ name: "handed", everyMs: 3_600_000, run: async () => void runs++ }], stopping.signal, 10);
    expect(stopping.signal.aborted).toBe(true);
    expect(runs).toBe(0);
    const row = await entry(db, "handed");
    expect(row.lastRunAt?.getTime()).toBe(lastRunAt.getTime());
    expect(row.nextRunAt.getTime()).toBeLessThanOrEqual(Date.now());
  });

  it("stops at once between ticks", async () => {
    const stop = runner(db, [{ name: "idle", everyMs: 3_600_000, run: async () => {} }], 10_000);
    await sleep(200);
    const began = Date.now();
    await stop();
    expect(Date.now() - began).toBeLessThan(500);
  });
});
