import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Database } from "@/lib/db/client";
import { transcriptions, users, workspaceInvitations, workspaces } from "@/lib/db/schema";
import { BACKENDS, useOpenedDatabase } from "@/test/support/databases";
import { insertDoneTranscription } from "@/test/support/transcripts";
import { insertUser } from "@/test/support/users";
import { addMember, insertWorkspace, moveIntoWorkspace } from "@/test/support/workspaces";
import { listAdminWorkspaces, parseWorkspaceSearch } from "./admin-workspaces";

const DAY_MS = 86_400_000;
const emailOf = async (db: Database, id: string) => (await db.select({ email: users.email }).from(users).where(eq(users.id, id)))[0].email;

async function invite(db: Database, workspaceId: string, inviterId: string, status: string, expiresInDays: number) {
  await db.insert(workspaceInvitations).values({
    id: randomUUID(),
    workspaceId: workspaceId,
    email: `${randomUUID()}@example.com`,
    role: "member",
    status,
    inviterId,
    expiresAt: new Date(Date.now() + expiresInDays * DAY_MS),
  });
}

/** A transcription of `seconds` in the workspace, in `status`, made `daysAgo` days ago. */
async function transcriptionIn(db: Database, workspaceId: string, userId: string, seconds: number, status: "done" | "failed" = "done", extra: Partial<typeof transcriptions.$inferInsert> = {}) {
  const id = await insertDoneTranscription(db, userId, [{ startMs: 0, endMs: seconds * 1000, text: "words" }]);
  await moveIntoWorkspace(db, id, workspaceId);
  await db.update(transcriptions).set({ status, ...extra }).where(eq(transcriptions.id, id));
  return id;
}

describe.each(BACKENDS)("the admin panel's workspace list on %s", (_name, open) => {
  const t = useOpenedDatabase(open);
  const PAGE = { page: 1, pageSize: 25 };

  it("shows each workspace's owner, members, pending invitations, transcriptions and this month's hours", async () => {
    const now = new Date();
    const [owner, member, viewer] = await Promise.all([1, 2, 3].map(() => insertUser(t.db)));
    const name = `Counted ${randomUUID()}`;
    const space = await insertWorkspace(t.db, owner, name);
    await addMember(t.db, space, member, "member");
    await addMember(t.db, space, viewer, "viewer");
    await invite(t.db, space, owner, "pending", 7);
    await invite(t.db, space, owner, "pending", -1); // expired: no longer pending
    await invite(t.db, space, owner, "accepted", 7);
    await transcriptionIn(t.db, space, member, 1800);
    await transcriptionIn(t.db, space, owner, 1800, "done", { deletedAt: new Date() }); // in Recently deleted: its hours count, it is not listed
    await transcriptionIn(t.db, space, owner, 3600, "failed"); // gave its time back
    const lastMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1) - DAY_MS);
    await transcriptionIn(t.db, space, owner, 7200, "done", { createdAt: lastMonth });
    // A personal transcription of a member does not count.
    await insertDoneTranscription(t.db, member, [{ startMs: 0, endMs: 3_600_000, text: "mine" }]);

    const page = await listAdminWorkspaces(t.db, name, PAGE, now);
    expect(page).toMatchObject({ total: 1, page: 1, page_size: 25 });
    expect(page.workspaces[0]).toEqual({
      id: space,
      name,
      owner_email: await emailOf(t.db, owner),
      members: 3,
      pending_invitations: 1,
      transcriptions: 3,
      hours_this_month: 1,
      created_at: expect.any(String),
    });
  });

  it("searches by name or owner email (any case, % and _ literal) and pages newest first", async () => {
    const tag = randomUUID().slice(0, 8);
    const owners = await Promise.all([0, 1, 2, 3, 4].map(() => insertUser(t.db)));
    const ids: string[] = [];
    for (const [i, owner] of owners.entries()) {
      const id = await insertWorkspace(t.db, owner, `Paged ${tag} ${i}`);
      await t.db.update(workspaces).set({ createdAt: new Date(Date.now() - (10 - i) * 60_000) }).where(eq(workspaces.id, id));
      ids.push(id);
    }
    const first = await listAdminWorkspaces(t.db, `paged ${tag.toUpperCase()}`, { page: 1, pageSize: 2 });
    expect(first.total).toBe(5);
    expect(first.workspaces.map((w) => w.name)).toEqual([`Paged ${tag} 4`, `Paged ${tag} 3`]);
    const last = await listAdminWorkspaces(t.db, `Paged ${tag}`, { page: 3, pageSize: 2 });
    expect(last.workspaces.map((w) => w.name)).toEqual([`Paged ${tag} 0`]);

    const byEmail = await listAdminWorkspaces(t.db, (await emailOf(t.db, owners[2])).toUpperCase(), PAGE);
    expect(byEmail.workspaces.map((w) => w.id)).toEqual([ids[2]]);
    // A member's email does not find a workspace: only its owner's does.
    const member = await insertUser(t.db);
    await addMember(t.db, ids[1], member, "admin");
    expect((await listAdminWorkspaces(t.db, await emailOf(t.db, member), PAGE)).total).toBe(0);
    expect((await listAdminWorkspaces(t.db, `Paged_${tag}`, PAGE)).total).toBe(0);
    expect((await listAdminWorkspaces(t.db, "%", PAGE)).total).toBe(0);
    expect((await listAdminWorkspaces(t.db, "", PAGE)).total).toBeGreaterThanOrEqual(5);
  });

  it("refuses a search longer than 200 characters, in a sentence", () => {
    expect(parseWorkspaceSearch(new URLSearchParams({ q: "  team  " }))).toBe("team");
    expect(() => parseWorkspaceSearch(new URLSearchParams({ q: "x".repeat(201) }))).toThrow('The search text "q" must be at most 200 characters long.');
  });
});
