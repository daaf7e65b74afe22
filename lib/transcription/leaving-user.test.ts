import { eq } from "drizzle-orm";
import { transcriptions, users } from "@/lib/db/schema";
import { BACKENDS, useOpenedDatabase } from "@/test/support/databases";
import { insertDoneTranscription } from "@/test/support/transcripts";
import { insertUser } from "@/test/support/users";
import { addMember, insertWorkspace, moveIntoWorkspace } from "@/test/support/workspaces";
import { handOverBeforeDeletion } from "./leaving-user";

describe.each(BACKENDS)("deleting an account that worked in a team, on %s", (_name, open) => {
  const t = useOpenedDatabase(open);
  const rowOf = async (id: string) => (await t.db.select().from(transcriptions).where(eq(transcriptions.id, id)))[0];

  it("leaves what a member added to a workspace with its owner, and takes only their own", async () => {
    const owner = await insertUser(t.db);
    const member = await insertUser(t.db);
    const acme = await insertWorkspace(t.db, owner);
    await addMember(t.db, acme, member, "member");
    const teamCall = await insertDoneTranscription(t.db, member, [{ startMs: 0, endMs: 1000, text: "team" }], "Team call");
    await moveIntoWorkspace(t.db, teamCall, acme);
    const diary = await insertDoneTranscription(t.db, member, [{ startMs: 0, endMs: 1000, text: "mine" }], "Diary");

    const { removedAudio } = await handOverBeforeDeletion(t.db, member);
    expect(removedAudio).toEqual([(await rowOf(diary)).audioKey]);
    await t.db.delete(users).where(eq(users.id, member));

    // The team keeps it (and whose hours it used); the member's own went with the account.
    expect(await rowOf(teamCall)).toMatchObject({ userId: owner, workspaceId: acme, billedUserId: owner });
    expect(await rowOf(diary)).toBeUndefined();
  });

  it("takes a whole folder when nothing of it stays, and refuses while the user owns a workspace others use", async () => {
    const owner = await insertUser(t.db);
    const alone = await insertUser(t.db);
    await insertDoneTranscription(t.db, alone, [{ startMs: 0, endMs: 1000, text: "solo" }]);
    expect((await handOverBeforeDeletion(t.db, alone)).removedAudio).toEqual([alone]);

    const acme = await insertWorkspace(t.db, owner, "Acme");
    expect((await handOverBeforeDeletion(t.db, owner)).removedAudio).toEqual([owner]);
    await addMember(t.db, acme, alone, "viewer");
    await expect(handOverBeforeDeletion(t.db, owner)).rejects.toMatchObject({
      kind: "conflict",
      message: "You own the workspace “Acme”, which has other members. Delete it first (its transcriptions come back to you), then delete your account.",
    });
  });
});
