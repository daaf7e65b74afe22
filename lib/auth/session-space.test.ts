import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { sessions, workspaceMembers, workspaces } from "@/lib/db/schema";
import { BACKENDS, useOpenedDatabase } from "@/test/support/databases";
import { insertUser } from "@/test/support/users";
import { SESSION_EXPIRES_IN } from "./session-ages";
import { activeWorkspaceOf } from "./session-lookup";

describe.each(BACKENDS)("the space of a session (activeWorkspaceOf) on %s", (_name, open) => {
  const t = useOpenedDatabase(open);

  it("is the session's active workspace while its user is a member, else the personal space (null)", async () => {
    const userId = await insertUser(t.db);
    const token = randomUUID();
    await t.db.insert(sessions).values({ id: randomUUID(), token, userId, expiresAt: new Date(Date.now() + SESSION_EXPIRES_IN * 1000) });
    expect(await activeWorkspaceOf(t.db, token)).toBeNull();

    const space = randomUUID();
    await t.db.insert(workspaces).values({ id: space, name: "Team", slug: space });
    await t.db.insert(workspaceMembers).values({ id: randomUUID(), workspaceId: space, userId, role: "viewer" });
    await t.db.update(sessions).set({ activeWorkspaceId: space }).where(eq(sessions.token, token));
    expect(await activeWorkspaceOf(t.db, token)).toBe(space);

    // Removed from it: the same session is back in the personal space at its next request.
    await t.db.delete(workspaceMembers).where(and(eq(workspaceMembers.workspaceId, space), eq(workspaceMembers.userId, userId)));
    expect(await activeWorkspaceOf(t.db, token)).toBeNull();

    // A workspace the user never belonged to, set on the session, is no space of theirs.
    const foreign = randomUUID();
    await t.db.insert(workspaces).values({ id: foreign, name: "Other", slug: foreign });
    await t.db.insert(workspaceMembers).values({ id: randomUUID(), workspaceId: foreign, userId: await insertUser(t.db), role: "owner" });
    await t.db.update(sessions).set({ activeWorkspaceId: foreign }).where(eq(sessions.token, token));
    expect(await activeWorkspaceOf(t.db, token)).toBeNull();
    expect(await activeWorkspaceOf(t.db, "no-such-token")).toBeNull();
  });
});
