import { and, eq } from "drizzle-orm";
import type { Database } from "@/lib/db/client";
import { transcriptions, workspaceMembers } from "@/lib/db/schema";
import { BACKENDS, useOpenedDatabase } from "@/test/support/databases";
import { insertDoneTranscription } from "@/test/support/transcripts";
import { insertUser } from "@/test/support/users";
import { addMember, insertWorkspace, moveIntoWorkspace } from "@/test/support/workspaces";
import { mayDeleteIn } from "@/lib/roles";
import { deletableBy, editableBy, inSpace, readableBy } from "./visibility";

type Rule = (userId: string) => ReturnType<typeof readableBy>;

async function reaches(db: Database, rule: Rule, userId: string, id: string): Promise<boolean> {
  return (await db.select({ id: transcriptions.id }).from(transcriptions).where(and(eq(transcriptions.id, id), rule(userId)))).length === 1;
}

describe.each(BACKENDS)("who reaches a transcription, on %s", (_name, open) => {
  const t = useOpenedDatabase(open);

  it("follows the space and the role: members read and edit, viewers read, strangers and ex-members reach nothing", async () => {
    const [owner, admin, member, viewer, exMember, stranger, otherOwner] = await Promise.all(Array.from({ length: 7 }, () => insertUser(t.db)));
    const acme = await insertWorkspace(t.db, owner);
    const other = await insertWorkspace(t.db, otherOwner, "Other");
    await addMember(t.db, acme, admin, "admin");
    await addMember(t.db, acme, member, "member");
    await addMember(t.db, acme, viewer, "viewer");
    await addMember(t.db, acme, exMember, "member");
    const byOwner = await insertDoneTranscription(t.db, owner, [{ startMs: 0, endMs: 1000, text: "team" }], "Team call");
    const byMember = await insertDoneTranscription(t.db, member, [{ startMs: 0, endMs: 1000, text: "mine" }], "Member's upload");
    const personal = await insertDoneTranscription(t.db, owner, [{ startMs: 0, endMs: 1000, text: "diary" }], "Diary");
    const elsewhere = await insertDoneTranscription(t.db, otherOwner, [{ startMs: 0, endMs: 1000, text: "other" }], "Other team");
    await moveIntoWorkspace(t.db, byOwner, acme);
    await moveIntoWorkspace(t.db, byMember, acme);
    await moveIntoWorkspace(t.db, elsewhere, other);
    await t.db.delete(workspaceMembers).where(and(eq(workspaceMembers.userId, exMember), eq(workspaceMembers.workspaceId, acme)));

    const table: Record<string, string> = {};
    const people = { owner, admin, member, viewer, exMember, stranger, otherOwner };
    const rows = { byOwner, byMember, personal, elsewhere };
    for (const [who, userId] of Object.entries(people)) {
      for (const [what, id] of Object.entries(rows)) {
        const marks = [
          (await reaches(t.db, readableBy, userId, id)) ? "r" : "-",
          (await reaches(t.db, editableBy, userId, id)) ? "e" : "-",
          (await reaches(t.db, deletableBy, userId, id)) ? "d" : "-",
        ];
        table[`${who} × ${what}`] = marks.join("");
      }
    }
    expect(table).toEqual({
      "owner × byOwner": "red", "owner × byMember": "red", "owner × personal": "red", "owner × elsewhere": "---",
      "admin × byOwner": "red", "admin × byMember": "red", "admin × personal": "---", "admin × elsewhere": "---",
      // A member edits everything of the workspace and deletes what they uploaded.
      "member × byOwner": "re-", "member × byMember": "red", "member × personal": "---", "member × elsewhere": "---",
      "viewer × byOwner": "r--", "viewer × byMember": "r--", "viewer × personal": "---", "viewer × elsewhere": "---",
      "exMember × byOwner": "---", "exMember × byMember": "---", "exMember × personal": "---", "exMember × elsewhere": "---",
      "stranger × byOwner": "---", "stranger × byMember": "---", "stranger × personal": "---", "stranger × elsewhere": "---",
      "otherOwner × byOwner": "---", "otherOwner × byMember": "---", "otherOwner × personal": "---", "otherOwner × elsewhere": "red",
    });

    // The browser offers Delete by the pure rule (lib/roles.ts): it agrees with the SQL on every workspace row.
    const roles = { owner: "owner", admin: "admin", member: "member", viewer: "viewer" } as const;
    const uploaders = { byOwner: owner, byMember: member };
    for (const [who, role] of Object.entries(roles)) {
      for (const [what, uploader] of Object.entries(uploaders)) {
        expect([`${who} × ${what}`, mayDeleteIn(role, people[who as keyof typeof roles] === uploader)]).toEqual([`${who} × ${what}`, table[`${who} × ${what}`].endsWith("d")]);
      }
    }

    const listed = async (userId: string, space: string | null) =>
      (await t.db.select({ title: transcriptions.title }).from(transcriptions).where(inSpace(userId, space)).orderBy(transcriptions.title)).map((r) => r.title);
    expect(await listed(owner, null)).toEqual(["Diary"]);
    expect(await listed(member, null)).toEqual([]);
    expect(await listed(viewer, acme)).toEqual(["Member's upload", "Team call"]);
    // Naming a workspace one is not in lists nothing, whatever it holds.
    expect(await listed(exMember, acme)).toEqual([]);
    expect(await listed(stranger, other)).toEqual([]);
  });

  it("reaches no transcription in Recently deleted, in any space", async () => {
    const owner = await insertUser(t.db);
    const member = await insertUser(t.db);
    const acme = await insertWorkspace(t.db, owner);
    await addMember(t.db, acme, member, "member");
    const id = await insertDoneTranscription(t.db, owner, [{ startMs: 0, endMs: 1000, text: "gone" }]);
    await moveIntoWorkspace(t.db, id, acme);
    await t.db.update(transcriptions).set({ deletedAt: new Date() }).where(eq(transcriptions.id, id));
    for (const userId of [owner, member]) {
      expect(await reaches(t.db, readableBy, userId, id)).toBe(false);
      expect(await reaches(t.db, editableBy, userId, id)).toBe(false);
    }
    expect(await t.db.select().from(transcriptions).where(inSpace(member, acme))).toEqual([]);
  });
});
