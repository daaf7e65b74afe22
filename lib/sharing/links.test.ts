import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Database } from "@/lib/db/client";
import { rateLimits, shareLinks, transcriptions, workspaceMembers, workspaces } from "@/lib/db/schema";
import { type WorkspaceRole } from "@/lib/roles";
import { TRANSCRIPTION_NOT_FOUND } from "@/lib/transcription/queries";
import { BACKENDS, useOpenedDatabase } from "@/test/support/databases";
import { useTestEnv } from "@/test/support/env";
import { insertDoneTranscription } from "@/test/support/transcripts";
import { insertUser } from "@/test/support/users";
import { LINK_NOT_FOUND, NOT_FINISHED, NOT_YOURS_TO_SHARE, createShareLink, listShareLinks, revokeShareLink, toApiShareLink } from "./links";
import { SHARE_MISS_LIMIT } from "./lookup-limit";
import { LINK_GONE, markOpened, openShareLink } from "./opening";
import { isWellFormedToken, shareToken, tokenHash } from "./tokens";

const DAY_MS = 86_400_000;
const OPTIONS = { allow_export: true, show_speakers: true, expires_in_days: null } as const;
const APP_URL = "https://verbatim.example";
const reason = (p: Promise<unknown>) => p.then(() => null, (e: unknown) => e);
const notFound = (message: string) => ({ kind: "not_found", message });

/** The token a link's owner copies: the end of its address. */
const tokenOf = (link: { id: string }) => shareToken(link.id);

async function workspaceWith(db: Database, members: Array<[string, WorkspaceRole]>): Promise<string> {
  const id = randomUUID();
  await db.insert(workspaces).values({ id, name: "Team", slug: `team-${id}` });
  await db.insert(workspaceMembers).values(members.map(([userId, role]) => ({ id: randomUUID(), workspaceId: id, userId, role })));
  return id;
}

describe.each(BACKENDS)("share links on %s", (_name, open) => {
  useTestEnv({ BETTER_AUTH_SECRET: "a-test-secret-of-enough-length-for-hmac-0123456789" });
  const t = useOpenedDatabase(open);

  /** A client address of its own per test, so misses counted in one never limit another. */
  const client = () => `198.51.100.${Math.floor(Math.random() * 250)}-${randomUUID()}`;

  it("makes a 256-bit base64url token that is not stored, only its SHA-256; the owner's address carries it in the fragment", async () => {
    const owner = await insertUser(t.db);
    const id = await insertDoneTranscription(t.db, owner, [{ startMs: 0, endMs: 1000, text: "Hello there." }]);
    const link = await createShareLink(t.db, owner, id, OPTIONS);
    const token = tokenOf(link);

    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(token, "base64url")).toHaveLength(32);
    expect(isWellFormedToken(token)).toBe(true);
    // Another link's token shares nothing with it, and neither is in the row.
    const other = tokenOf(await createShareLink(t.db, owner, id, OPTIONS));
    expect(other).not.toBe(token);
    const [row] = await t.db.select().from(shareLinks).where(eq(shareLinks.id, link.id));
    expect(row.tokenHash).toBe(tokenHash(token));
    expect(row.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain(token);
    // The id alone does not give the token: it needs the server's secret.
    expect(shareToken(link.id, "another secret")).not.toBe(token);

    const item = toApiShareLink(link, APP_URL);
    expect(item).toMatchObject({ id: link.id, url: `${APP_URL}/shared#${token}`, allow_export: true, show_speakers: true, expires_at: null, expired: false, last_opened_at: null });

    const opened = await openShareLink(t.db, token, client());
    expect(opened.transcription.id).toBe(id);
    expect(opened.link.id).toBe(link.id);
  });

  it("refuses a token of the wrong form as not found, without counting it; a well-formed unknown one counts as a miss", async () => {
    const address = client();
    for (const bad of ["", "short", "x".repeat(44), `${"a".repeat(42)}=`, `${"a".repeat(42)}/`, "../../etc/passwd", `${"a".repeat(42)}\u0000`]) {
      expect(await reason(openShareLink(t.db, bad, address))).toMatchObject(notFound(LINK_GONE));
    }
    expect(await t.db.select().from(rateLimits).where(eq(rateLimits.key, `share-miss|${address}`))).toEqual([]);

    expect(await reason(openShareLink(t.db, "A".repeat(43), address))).toMatchObject(notFound(LINK_GONE));
    const [row] = await t.db.select().from(rateLimits).where(eq(rateLimits.key, `share-miss|${address}`));
    expect(row.count).toBe(1);
  });

  it("after too many misses from one address, refuses its lookups for a while (429), good tokens included; other addresses are not affected", async () => {
    const owner = await insertUser(t.db);
    const id = await insertDoneTranscription(t.db, owner, [{ startMs: 0, endMs: 1000, text: "Hi." }]);
    const token = tokenOf(await createShareLink(t.db, owner, id, OPTIONS));
    const guesser = client();
    for (let i = 0; i < SHARE_MISS_LIMIT.max; i++) await reason(openShareLink(t.db, randomToken(), guesser));
    expect(await reason(openShareLink(t.db, token, guesser))).toMatchObject({ kind: "rate_limited", message: expect.stringMatching(/Try again in \d+ minutes?\./) });
    expect((await openShareLink(t.db, token, client())).transcription.id).toBe(id);
    // The window passes: the address may try again.
    const later = new Date(Date.now() + SHARE_MISS_LIMIT.windowSeconds * 1000 + 1000);
    expect((await openShareLink(t.db, token, guesser, later)).transcription.id).toBe(id);
  });

  it("a revoked link opens nothing at once, leaves the owner's list, and cannot be revoked twice", async () => {
    const owner = await insertUser(t.db);
    const id = await insertDoneTranscription(t.db, owner, [{ startMs: 0, endMs: 1000, text: "Hi." }]);
    const kept = await createShareLink(t.db, owner, id, OPTIONS);
    const link = await createShareLink(t.db, owner, id, OPTIONS);
    await revokeShareLink(t.db, owner, link.id);

    expect(await reason(openShareLink(t.db, tokenOf(link), client()))).toMatchObject(notFound(LINK_GONE));
    expect((await listShareLinks(t.db, owner, id)).map((l) => l.id)).toEqual([kept.id]);
    expect(await reason(revokeShareLink(t.db, owner, link.id))).toMatchObject(notFound(LINK_NOT_FOUND));
    expect((await openShareLink(t.db, tokenOf(kept), client())).link.id).toBe(kept.id);
  });

  it("an expired link opens nothing and is listed as expired; a link without expiry keeps opening", async () => {
    const owner = await insertUser(t.db);
    const id = await insertDoneTranscription(t.db, owner, [{ startMs: 0, endMs: 1000, text: "Hi." }]);
    const made = new Date();
    const week = await createShareLink(t.db, owner, id, { ...OPTIONS, expires_in_days: 7 }, undefined, made);
    expect(week.expiresAt?.getTime()).toBe(made.getTime() + 7 * DAY_MS);

    const justBefore = new Date(made.getTime() + 7 * DAY_MS - 1000);
    const justAfter = new Date(made.getTime() + 7 * DAY_MS + 1000);
    expect((await openShareLink(t.db, tokenOf(week), client(), justBefore)).link.id).toBe(week.id);
    expect(await reason(openShareLink(t.db, tokenOf(week), client(), justAfter))).toMatchObject(notFound(LINK_GONE));
    expect(toApiShareLink(week, APP_URL, justAfter)).toMatchObject({ expired: true, expires_at: week.expiresAt?.toISOString() });

    const forever = await createShareLink(t.db, owner, id, OPTIONS);
    expect((await openShareLink(t.db, tokenOf(forever), client(), new Date(Date.now() + 3650 * DAY_MS))).link.id).toBe(forever.id);
  });

  it("a transcript moved to Recently deleted opens nothing through its links; restored, they open again", async () => {
    const owner = await insertUser(t.db);
    const id = await insertDoneTranscription(t.db, owner, [{ startMs: 0, endMs: 1000, text: "Hi." }]);
    const link = await createShareLink(t.db, owner, id, OPTIONS);
    await t.db.update(transcriptions).set({ deletedAt: new Date() }).where(eq(transcriptions.id, id));
    expect(await reason(openShareLink(t.db, tokenOf(link), client()))).toMatchObject(notFound(LINK_GONE));
    // Its links cannot be listed, made or revoked either: it is not there.
    expect(await reason(listShareLinks(t.db, owner, id))).toMatchObject(notFound(TRANSCRIPTION_NOT_FOUND));
    expect(await reason(createShareLink(t.db, owner, id, OPTIONS))).toMatchObject(notFound(TRANSCRIPTION_NOT_FOUND));
    await t.db.update(transcriptions).set({ deletedAt: null }).where(eq(transcriptions.id, id));
    expect((await openShareLink(t.db, tokenOf(link), client())).link.id).toBe(link.id);
  });

  it("only a finished transcript can be shared", async () => {
    const owner = await insertUser(t.db);
    const id = await insertDoneTranscription(t.db, owner, []);
    await t.db.update(transcriptions).set({ status: "processing" }).where(eq(transcriptions.id, id));
    expect(await reason(createShareLink(t.db, owner, id, OPTIONS))).toMatchObject({ kind: "conflict", message: NOT_FINISHED });
  });

  it("a stranger is told the transcript does not exist; the link of another user is theirs to revoke only", async () => {
    const owner = await insertUser(t.db);
    const stranger = await insertUser(t.db);
    const id = await insertDoneTranscription(t.db, owner, [{ startMs: 0, endMs: 1000, text: "Hi." }]);
    const link = await createShareLink(t.db, owner, id, OPTIONS);
    expect(await reason(createShareLink(t.db, stranger, id, OPTIONS))).toMatchObject(notFound(TRANSCRIPTION_NOT_FOUND));
    expect(await reason(listShareLinks(t.db, stranger, id))).toMatchObject(notFound(TRANSCRIPTION_NOT_FOUND));
    expect(await reason(revokeShareLink(t.db, stranger, link.id))).toMatchObject(notFound(LINK_NOT_FOUND));
    expect(await reason(createShareLink(t.db, stranger, randomUUID(), OPTIONS))).toMatchObject(notFound(TRANSCRIPTION_NOT_FOUND));
    expect((await openShareLink(t.db, tokenOf(link), client())).link.id).toBe(link.id);
  });

  it("in a workspace, its owner and admins manage links; a member or viewer who can read is forbidden; an ex-member is a stranger", async () => {
    const [owner, admin, member, viewer, uploader] = await Promise.all([1, 2, 3, 4, 5].map(() => insertUser(t.db)));
    const workspace = await workspaceWith(t.db, [[owner, "owner"], [admin, "admin"], [member, "member"], [viewer, "viewer"], [uploader, "member"]]);
    const id = await insertDoneTranscription(t.db, uploader, [{ startMs: 0, endMs: 1000, text: "Hi." }]);
    await t.db.update(transcriptions).set({ workspaceId: workspace }).where(eq(transcriptions.id, id));

    const byAdmin = await createShareLink(t.db, admin, id, OPTIONS);
    const byOwner = await createShareLink(t.db, owner, id, OPTIONS);
    expect((await listShareLinks(t.db, owner, id)).map((l) => l.id).sort()).toEqual([byAdmin.id, byOwner.id].sort());
    for (const reader of [member, viewer, uploader]) {
      const forbidden = { kind: "forbidden", message: NOT_YOURS_TO_SHARE };
      expect(await reason(createShareLink(t.db, reader, id, OPTIONS))).toMatchObject(forbidden);
      expect(await reason(listShareLinks(t.db, reader, id))).toMatchObject(forbidden);
      expect(await reason(revokeShareLink(t.db, reader, byAdmin.id))).toMatchObject(forbidden);
    }

    // The admin leaves: they lose the workspace, and what they shared from it stops opening.
    await t.db.delete(workspaceMembers).where(eq(workspaceMembers.userId, admin));
    expect(await reason(listShareLinks(t.db, admin, id))).toMatchObject(notFound(TRANSCRIPTION_NOT_FOUND));
    expect(await reason(openShareLink(t.db, tokenOf(byAdmin), client()))).toMatchObject(notFound(LINK_GONE));
    expect((await openShareLink(t.db, tokenOf(byOwner), client())).link.id).toBe(byOwner.id);
    await revokeShareLink(t.db, owner, byOwner.id);
    expect(await reason(openShareLink(t.db, tokenOf(byOwner), client()))).toMatchObject(notFound(LINK_GONE));
  });

  it("notes when a link was opened, at most once a minute", async () => {
    const owner = await insertUser(t.db);
    const id = await insertDoneTranscription(t.db, owner, [{ startMs: 0, endMs: 1000, text: "Hi." }]);
    const link = await createShareLink(t.db, owner, id, OPTIONS);
    const lastOpened = async () => (await t.db.select().from(shareLinks).where(eq(shareLinks.id, link.id)))[0].lastOpenedAt?.getTime();
    const first = new Date(Date.now() - 120_000);
    await markOpened(t.db, link.id, first);
    expect(await lastOpened()).toBe(first.getTime());
    await markOpened(t.db, link.id, new Date(first.getTime() + 30_000));
    expect(await lastOpened()).toBe(first.getTime());
    const later = new Date(first.getTime() + 61_000);
    await markOpened(t.db, link.id, later);
    expect(await lastOpened()).toBe(later.getTime());
    expect(toApiShareLink((await listShareLinks(t.db, owner, id))[0], APP_URL).last_opened_at).toBe(later.toISOString());
  });
});

function randomToken(): string {
  return Buffer.from(randomUUID() + randomUUID()).subarray(0, 32).toString("base64url");
}
