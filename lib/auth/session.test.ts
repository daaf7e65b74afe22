import { createHmac, randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { sessions, users } from "@/lib/db/schema";
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

describe("findSessionUser on embedded PGlite", () => {
  const t = useOpenedDatabase(BACKENDS[0][1]);

  it("reads a session once, then from memory until users or sessions are written", async () => {
    const userId = await insertUser(t.db);
    const token = randomUUID();
    await t.db.insert(sessions).values({ id: randomUUID(), token, userId, expiresAt: new Date(Date.now() + SESSION_EXPIRES_IN * 1000) });
    // The listener is set up when the database opens; by now it answers.
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
});
