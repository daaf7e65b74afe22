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
