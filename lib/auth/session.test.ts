import { createHmac, randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
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

  it("refuses an expired session, and marks one older than a day as due", async () => {
    expect(await findSessionUser(t.db, (await session(-1000)).token)).toBeNull();
    expect((await findSessionUser(t.db, (await session(SESSION_EXPIRES_IN * 1000 - 2 * DAY_MS)).token))?.due).toBe(true);
  });
});
