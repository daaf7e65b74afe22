import { eq } from "drizzle-orm";
import { sessions, users } from "@/lib/db/schema";
import { BACKENDS, type TestDatabase } from "@/test/support/databases";
import { setUserActive } from "./activation";

describe.each(BACKENDS)("setUserActive on %s", (_name, open) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await open();
  });
  afterAll(async () => {
    await t?.close();
  });

  it("deactivation ends every session of that user, and only theirs", async () => {
    const { db } = t.handle;
    await db.insert(users).values([
      { id: "u1", name: "A", email: "a@example.com" },
      { id: "u2", name: "B", email: "b@example.com" },
    ]);
    const expiresAt = new Date(Date.now() + 3600_000);
    await db.insert(sessions).values([
      { id: "s1", token: "t1", userId: "u1", expiresAt },
      { id: "s2", token: "t2", userId: "u1", expiresAt },
      { id: "s3", token: "t3", userId: "u2", expiresAt },
    ]);
    await setUserActive(db, "u1", false);
    expect((await db.select().from(users).where(eq(users.id, "u1")))[0].isActive).toBe(false);
    expect((await db.select().from(sessions)).map((s) => s.id)).toEqual(["s3"]);
    await setUserActive(db, "u1", true);
    expect((await db.select().from(users).where(eq(users.id, "u1")))[0].isActive).toBe(true);
  });
});
