import { PGlite, type Transaction } from "@electric-sql/pglite";
import { takingTurns } from "./pglite-turns";

/** Runs `chain` and reports whether a timer set just before it fired while it ran. */
async function timerFiresDuring(chain: () => Promise<unknown>): Promise<boolean> {
  let fired = false;
  setTimeout(() => (fired = true), 0);
  let firedDuring = false;
  await chain().then(() => (firedDuring = fired));
  return firedDuring;
}

describe("PGlite taking turns with the rest of the server", () => {
  const raw = new PGlite();
  const client = takingTurns(new PGlite());

  afterAll(async () => {
    await Promise.all([raw.close(), client.close()]);
  });

  async function chainOn(db: Pick<Transaction, "query">) {
    for (let i = 0; i < 20; i++) await db.query("select $1::int as n", [i]);
  }

  it("a chain of queries lets timers and I/O run between them, where bare PGlite would not", async () => {
    await raw.query("select 1");
    await client.query("select 1");
    expect(await timerFiresDuring(() => chainOn(raw))).toBe(false);
    expect(await timerFiresDuring(() => chainOn(client))).toBe(true);
  });

  it("queries sent at once each wait for a poll of their own, where bare PGlite would answer them all in one go", async () => {
    /** The event-loop iteration each of 20 queries sent at once was answered in. */
    async function iterations(db: Pick<Transaction, "query">): Promise<number> {
      let iteration = 0;
      let counting = true;
      const count = () => {
        iteration++;
        if (counting) setImmediate(count);
      };
      setImmediate(count);
      const answered = await Promise.all(Array.from({ length: 20 }, (_, i) => db.query("select $1::int as n", [i]).then(() => iteration)));
      counting = false;
      return new Set(answered).size;
    }
    expect(await iterations(raw)).toBeLessThanOrEqual(2);
    expect(await iterations(client)).toBe(20);
  });

  it("a transaction's queries are not held behind queries waiting for it to end", async () => {
    await client.query("create table waiting (n int)");
    const done = await client.transaction(async (tx) => {
      // Sent while the transaction holds the database: it waits in line for its end.
      const outside = client.query<{ count: number }>("select count(*)::int as count from waiting");
      for (let i = 0; i < 5; i++) await tx.query("insert into waiting values ($1)", [i]);
      // Wrapped: a promise returned as it is would make the transaction wait for it.
      return { outside };
    });
    expect((await done.outside).rows[0].count).toBe(5);
  });

  it("inside a transaction too, and the transaction's answer and rollback are unchanged", async () => {
    await client.query("create table t (n int)");
    expect(await timerFiresDuring(() => client.transaction(async (tx) => chainOn(tx)))).toBe(true);
    const committed = await client.transaction(async (tx) => {
      await tx.query("insert into t values (1)");
      return (await tx.query<{ count: number }>("select count(*)::int as count from t")).rows[0].count;
    });
    expect(committed).toBe(1);
    await expect(
      client.transaction(async (tx) => {
        await tx.query("insert into t values (2)");
        throw new Error("refused");
      }),
    ).rejects.toThrow("refused");
    expect((await client.query<{ count: number }>("select count(*)::int as count from t")).rows[0].count).toBe(1);
  });
});
