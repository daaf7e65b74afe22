import { createHmac, randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { sessions, users } from "@/lib/db/schema";
import { authWriteCounter } from "@/lib/db/auth-writes";
import { openDatabase, queryRows } from "@/lib/db/client";
import { BACKENDS, useOpenedDatabase } from "@/test/support/databases";
import { insertUser } from "@/test/support/users";
import { SESSION_EXPIRES_IN } from "./session-ages";
import { findSessionUser, signedSessionToken } from "./session-lookup";

const COOKIE = "better-auth.session_token";
const SECRET = "a-test-secret-that-is-long-enough-0123456789";
const DAY_MS = 24 * 3600 * 1000;
const cookieFor = (token: string, secret = SECRET) =>
  new Headers({ cookie: `other=1; ${COOKIE}=${encodeURIComponent(`${token}.${createHmac("sha256", secret).update(token).digest("base64")}`)}` });

describe("signedSessionToken", () => {
  it("reads the token of a cookie signed like Better Auth signs it", () => {
    expect(signedSessionToken(cookieFor("abc"), COOKIE, SECRET)).toBe("abc");
  });

  it("refuses another secret's signature, a bare token, a broken encoding and no cookie", () => {
    expect(signedSessionToken(cookieFor("abc", "another-secret"), COOKIE, SECRET)).toBeNull();
    expect(signedSessionToken(new Headers({ cookie: `${COOKIE}=abc` }), COOKIE, SECRET)).toBeNull();
    expect(signedSessionToken(new Headers({ cookie: `${COOKIE}=%E0%A4%A` }), COOKIE, SECRET)).toBeNull();
    expect(signedSessionToken(new Headers(), COOKIE, SECRET)).toBeNull();
  });
});

describe.each(BACKENDS)("findSessionUser on %s", (_name, open) => {
  const t = useOpenedDatabase(open);

  async function session(expiresInMs: number) {
    const userId = await insertUser(t.db);
    const token = randomUUID();
    await t.db.insert(sessions).values({ id: randomUUID(), token, userId, expiresAt: new Date(Date.now() + expiresInMs) });
    return { userId, token };
  }

  it("finds the user of a live session; a fresh session is not due for extension", async () => {
    const { userId, token } = await session(SESSION_EXPIRES_IN * 1000);
    expect(await findSessionUser(t.db, token)).toEqual({ user: expect.objectContaining({ id: userId }), due: false });
    expect(await findSessionUser(t.db, "no-such-token")).toBeNull();
  });

  it("cuts a deactivated user off on the very next request and ends their sessions", async () => {
    const { userId, token } = await session(SESSION_EXPIRES_IN * 1000);
    expect(await findSessionUser(t.db, token)).not.toBeNull();
    await t.db.update(users).set({ isActive: false }).where(eq(users.id, userId));
    expect(await findSessionUser(t.db, token)).toBeNull();
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, userId))).toEqual([]);
  });

  it("a logout ends the session on the very next request, and a changed user is seen at once", async () => {
    const { userId, token } = await session(SESSION_EXPIRES_IN * 1000);
    expect((await findSessionUser(t.db, token))?.user.name).not.toBe("Renamed");
    await t.db.execute(sql`update users set name = 'Renamed' where id = ${userId}`);
    expect((await findSessionUser(t.db, token))?.user.name).toBe("Renamed");
    await t.db.delete(sessions).where(eq(sessions.token, token));
    expect(await findSessionUser(t.db, token)).toBeNull();
  });

  it("refuses an expired session, and marks one older than a day as due", async () => {
    expect(await findSessionUser(t.db, (await session(-1000)).token)).toBeNull();
    expect((await findSessionUser(t.db, (await session(SESSION_EXPIRES_IN * 1000 - 2 * DAY_MS)).token))?.due).toBe(true);
  });
});

describe.each(BACKENDS)("kept session lookups on %s", (name, open) => {
  const t = useOpenedDatabase(open);

  async function liveSession(database = t.db) {
    const userId = await insertUser(database);
    const token = randomUUID();
    await database.insert(sessions).values({ id: randomUUID(), token, userId, expiresAt: new Date(Date.now() + SESSION_EXPIRES_IN * 1000) });
    return { userId, token };
  }

  /**
   * Waits until the process listens for auth writes (the listener opens with the database)
   * and the notifications of the writes just made have arrived: on PostgreSQL this process's
   * write is counted as it happens and once more when its notification comes back.
   */
  async function listening() {
    for (let i = 0; i < 100 && !authWriteCounter(t.db); i++) await new Promise((r) => setTimeout(r, 50));
    expect(authWriteCounter(t.db)).toBeDefined();
    for (let count = -1; count !== authWriteCounter(t.db)?.count; ) {
      count = authWriteCounter(t.db)?.count ?? -1;
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  it("reads a session once, then from memory until users or sessions are written", async () => {
    const { token } = await liveSession();
    await listening();
    const reads = jest.spyOn(t.db, "select");
    await findSessionUser(t.db, token);
    await findSessionUser(t.db, token);
    expect(reads).toHaveBeenCalledTimes(1);
    // A write elsewhere in users (another account) drops what was kept.
    await insertUser(t.db);
    await findSessionUser(t.db, token);
    expect(reads).toHaveBeenCalledTimes(2);
    reads.mockRestore();
  });

  it("this process's own write inside a transaction, in hand-written SQL, is seen by the very next lookup", async () => {
    await listening();
    const { userId, token } = await liveSession();
    expect(await findSessionUser(t.db, token)).not.toBeNull();
    await t.db.transaction(async (tx) => {
      await tx.execute(sql`UPDATE users SET is_admin = true WHERE id = ${userId}`);
    });
    expect((await findSessionUser(t.db, token))?.user.isAdmin).toBe(true);
    await t.db.execute(sql`DELETE FROM sessions WHERE token = ${token}`);
    expect(await findSessionUser(t.db, token)).toBeNull();
  });

  if (name !== "PostgreSQL") return;

  it("another process's sign-out, deactivation or change reaches this one's kept answers as its notification arrives", async () => {
    await listening();
    const other = openDatabase({ url: t.url });
    try {
      const { userId, token } = await liveSession();
      expect(await findSessionUser(t.db, token)).not.toBeNull();
      await other.db.update(users).set({ name: "Renamed elsewhere" }).where(eq(users.id, userId));
      expect(await settled(async () => (await findSessionUser(t.db, token))?.user.name, (n) => n === "Renamed elsewhere")).toBe("Renamed elsewhere");
      await other.db.delete(sessions).where(eq(sessions.token, token));
      expect(await settled(() => findSessionUser(t.db, token), (found) => found === null)).toBeNull();
    } finally {
      await other.close();
    }
  });

  it("keeps nothing while the listening connection is lost, and keeps again once it is back", async () => {
    const { token } = await liveSession();
    await listening();
    await t.db.execute(sql`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE query LIKE 'LISTEN "verbatim_auth_written"%' AND pid <> pg_backend_pid()`);
    for (let i = 0; i < 100 && authWriteCounter(t.db); i++) await new Promise((r) => setTimeout(r, 20));
    expect(authWriteCounter(t.db)).toBeUndefined();
    const reads = jest.spyOn(t.db, "select");
    await findSessionUser(t.db, token);
    await findSessionUser(t.db, token);
    expect(reads).toHaveBeenCalledTimes(2);
    await listening();
    await findSessionUser(t.db, token);
    await findSessionUser(t.db, token);
    expect(reads).toHaveBeenCalledTimes(3);
    reads.mockRestore();
  });

  it("gives up a listening connection that stops answering without a word (a half-open link), and keeps nothing until a new one listens", async () => {
    await listening();
    const { token } = await liveSession();
    const [backend] = await queryRows<{ pid: number }>(t.db, sql`SELECT pid FROM pg_stat_activity WHERE query LIKE 'LISTEN "verbatim_auth_written"%' AND pid <> pg_backend_pid()`);
    // Stopped, its socket stays open and silent: no error, no reset.
    process.kill(backend.pid, "SIGSTOP");
    try {
      const stoppedAt = Date.now();
      for (let i = 0; i < 200 && authWriteCounter(t.db); i++) await new Promise((r) => setTimeout(r, 50));
      expect(authWriteCounter(t.db)).toBeUndefined();
      expect(Date.now() - stoppedAt).toBeLessThan(8000);
      const reads = jest.spyOn(t.db, "select");
      await findSessionUser(t.db, token);
      await findSessionUser(t.db, token);
      expect(reads).toHaveBeenCalledTimes(2);
      reads.mockRestore();
    } finally {
      process.kill(backend.pid, "SIGCONT");
    }
    await listening();
  }, 30_000);
});

/** What `read` answers once `wanted` holds, or after two seconds (another process's notification takes a moment). */
async function settled<T>(read: () => Promise<T>, wanted: (value: T) => boolean): Promise<T> {
  const deadline = Date.now() + 2000;
  for (;;) {
    const value = await read();
    if (wanted(value) || Date.now() > deadline) return value;
    await new Promise((r) => setTimeout(r, 10));
  }
}
