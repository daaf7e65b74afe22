import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import type { Database } from "@/lib/db/client";
import { apiKeys, users, workspaceMembers, workspaces } from "@/lib/db/schema";
import { type WorkspaceRole } from "@/lib/roles";
import { DomainError } from "@/lib/errors/domain-error";
import { ROLE_TOO_LOW, WORKSPACE_NOT_FOUND } from "@/lib/access/roles";
import { BACKENDS, useOpenedDatabase } from "@/test/support/databases";
import { insertUser } from "@/test/support/users";
import { API_KEY_NOT_FOUND, createApiKey, listApiKeys, revokeApiKey } from "./keys";
import { API_KEY_RATE_LIMIT, consumeKeyRequest } from "./rate-limit";
import { hashToken } from "./tokens";
import { API_KEY_NOT_VALID, API_KEY_READ_ONLY, requireScope, verifyApiKey } from "./verify";

const refusal = (p: Promise<unknown>) =>
  p.then(
    () => null,
    (e: unknown) => (e instanceof DomainError ? { kind: e.kind, detail: e.message } : e),
  );

async function insertWorkspace(db: Database, members: Array<[string, WorkspaceRole]>): Promise<string> {
  const id = randomUUID();
  await db.insert(workspaces).values({ id, name: "Team", slug: id });
  for (const [userId, role] of members) await db.insert(workspaceMembers).values({ id: randomUUID(), workspaceId: id, userId, role });
  return id;
}

const lastUsed = async (db: Database, id: string) => (await db.select().from(apiKeys).where(eq(apiKeys.id, id)))[0]!.lastUsedAt;

describe.each(BACKENDS)("API keys on %s", (_name, open) => {
  const t = useOpenedDatabase(open);

  it("makes a key shown once: vbt_ and 43 base64url characters, stored only as its SHA-256, listed without it", async () => {
    const userId = await insertUser(t.db);
    const created = await createApiKey(t.db, userId, null, { name: "CI script", scope: "write" });
    expect(created.token).toMatch(/^vbt_[A-Za-z0-9_-]{43}$/);
    expect(created.prefix).toBe(created.token.slice(0, 12));
    expect(created).toMatchObject({ name: "CI script", scope: "write", workspace_id: null, last_used_at: null });
    const [row] = await t.db.select().from(apiKeys).where(eq(apiKeys.id, created.id));
    expect(row!.tokenHash).toBe(hashToken(created.token));
    expect(row!.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain(created.token.slice(12));

    const listed = await listApiKeys(t.db, userId, null);
    expect(listed).toEqual([{ id: created.id, name: "CI script", prefix: created.prefix, scope: "write", workspace_id: null, created_at: created.created_at, last_used_at: null }]);
    expect(JSON.stringify(listed)).not.toContain(created.token);
    // Each key is its own: two keys never share a token.
    const other = await createApiKey(t.db, userId, null, { name: "Other", scope: "read" });
    expect(other.token).not.toBe(created.token);
  });

  it("verifies a working key as its user in its space with its scope, and refuses everything else with one sentence", async () => {
    const userId = await insertUser(t.db);
    const { token } = await createApiKey(t.db, userId, null, { name: "Reader", scope: "read" });
    const caller = await verifyApiKey(t.db, token);
    expect({ user: caller.user.id, space: caller.space, scope: caller.scope }).toEqual({ user: userId, space: null, scope: "read" });
    expect(() => requireScope(caller, "read")).not.toThrow();
    expect(() => requireScope(caller, "write")).toThrow(API_KEY_READ_ONLY);

    const notValid = { kind: "unauthenticated", detail: API_KEY_NOT_VALID };
    for (const bad of ["", "x", "vbt_", `vbt_${"A".repeat(43)}`, `${token}x`, token.slice(0, -1), token.toUpperCase(), `vbt_${"A".repeat(42)}!`, `${token}\n`]) {
      expect({ bad, refused: await refusal(verifyApiKey(t.db, bad)) }).toEqual({ bad, refused: notValid });
    }
  });

  it("a revoked key stops at once; revoking it again or someone else's key is not found", async () => {
    const userId = await insertUser(t.db);
    const stranger = await insertUser(t.db);
    const key = await createApiKey(t.db, userId, null, { name: "Laptop", scope: "write" });
    await verifyApiKey(t.db, key.token);
    expect(await refusal(revokeApiKey(t.db, stranger, null, key.id))).toEqual({ kind: "not_found", detail: API_KEY_NOT_FOUND });
    await verifyApiKey(t.db, key.token);

    await revokeApiKey(t.db, userId, null, key.id);
    expect(await refusal(verifyApiKey(t.db, key.token))).toEqual({ kind: "unauthenticated", detail: API_KEY_NOT_VALID });
    expect(await listApiKeys(t.db, userId, null)).toEqual([]);
    expect(await refusal(revokeApiKey(t.db, userId, null, key.id))).toEqual({ kind: "not_found", detail: API_KEY_NOT_FOUND });
    expect(await refusal(revokeApiKey(t.db, userId, null, "no-such-id"))).toEqual({ kind: "not_found", detail: API_KEY_NOT_FOUND });
  });

  it("a deactivated user's keys stop working", async () => {
    const userId = await insertUser(t.db);
    const { token } = await createApiKey(t.db, userId, null, { name: "Script", scope: "write" });
    await t.db.update(users).set({ isActive: false }).where(eq(users.id, userId));
    expect(await refusal(verifyApiKey(t.db, token))).toEqual({ kind: "unauthenticated", detail: API_KEY_NOT_VALID });
  });

  it("notes the last use at most once a minute", async () => {
    const userId = await insertUser(t.db);
    const key = await createApiKey(t.db, userId, null, { name: "Busy", scope: "read" });
    const start = new Date("2030-01-01T10:00:00Z");
    await verifyApiKey(t.db, key.token, start);
    expect(await lastUsed(t.db, key.id)).toEqual(start);
    await verifyApiKey(t.db, key.token, new Date(start.getTime() + 30_000));
    await verifyApiKey(t.db, key.token, new Date(start.getTime() + 59_999));
    expect(await lastUsed(t.db, key.id)).toEqual(start);
    const later = new Date(start.getTime() + 61_000);
    await verifyApiKey(t.db, key.token, later);
    expect(await lastUsed(t.db, key.id)).toEqual(later);
    expect((await listApiKeys(t.db, userId, null))[0]!.last_used_at).toBe(later.toISOString());
  });

  it("workspace keys: made, listed and revoked by its owner and admins only; personal and workspace keys are listed apart", async () => {
    const [owner, admin, member, viewer, stranger] = await Promise.all([1, 2, 3, 4, 5].map(() => insertUser(t.db)));
    const space = await insertWorkspace(t.db, [
      [owner!, "owner"],
      [admin!, "admin"],
      [member!, "member"],
      [viewer!, "viewer"],
    ]);
    const byAdmin = await createApiKey(t.db, admin!, space, { name: "Team uploader", scope: "write" });
    expect(byAdmin.workspace_id).toBe(space);
    const personal = await createApiKey(t.db, admin!, null, { name: "Mine", scope: "read" });

    expect((await listApiKeys(t.db, owner!, space)).map((k) => k.name)).toEqual(["Team uploader"]);
    expect((await listApiKeys(t.db, admin!, null)).map((k) => k.id)).toEqual([personal.id]);
    expect(await listApiKeys(t.db, owner!, null)).toEqual([]);
    const tooLow = { kind: "forbidden", detail: ROLE_TOO_LOW.admin };
    const unknown = { kind: "not_found", detail: WORKSPACE_NOT_FOUND };
    for (const [who, expected] of [
      [member!, tooLow],
      [viewer!, tooLow],
      [stranger!, unknown],
    ] as const) {
      expect(await refusal(createApiKey(t.db, who, space, { name: "x", scope: "read" }))).toEqual(expected);
      expect(await refusal(listApiKeys(t.db, who, space))).toEqual(expected);
      expect(await refusal(revokeApiKey(t.db, who, space, byAdmin.id))).toEqual(expected);
    }
    // The workspace key is not revocable as a personal key, even by its maker.
    expect(await refusal(revokeApiKey(t.db, admin!, null, byAdmin.id))).toEqual({ kind: "not_found", detail: API_KEY_NOT_FOUND });
    await revokeApiKey(t.db, owner!, space, byAdmin.id);
    expect(await refusal(verifyApiKey(t.db, byAdmin.token))).toEqual({ kind: "unauthenticated", detail: API_KEY_NOT_VALID });
  });

  it("a workspace key acts in its workspace while its maker is an owner or admin: made a member or viewer, or gone, it stops", async () => {
    const [owner, maker] = await Promise.all([1, 2].map(() => insertUser(t.db)));
    const space = await insertWorkspace(t.db, [
      [owner!, "owner"],
      [maker!, "admin"],
    ]);
    const key = await createApiKey(t.db, maker!, space, { name: "Sync", scope: "write" });
    expect(await verifyApiKey(t.db, key.token)).toMatchObject({ space, scope: "write" });
    const notValid = { kind: "unauthenticated", detail: API_KEY_NOT_VALID };

    // Checked at each use, whoever changed the role and however.
    const membership = and(eq(workspaceMembers.workspaceId, space), eq(workspaceMembers.userId, maker!));
    for (const role of ["member", "viewer"] as const) {
      await t.db.update(workspaceMembers).set({ role }).where(membership);
      expect(await refusal(verifyApiKey(t.db, key.token))).toEqual(notValid);
    }
    await t.db.update(workspaceMembers).set({ role: "owner" }).where(membership);
    expect(await verifyApiKey(t.db, key.token)).toMatchObject({ space, scope: "write" });

    await t.db.delete(workspaceMembers).where(membership);
    expect(await refusal(verifyApiKey(t.db, key.token))).toEqual(notValid);
    // Back in as a member, it still does not work; made an admin again, it does (it was never revoked).
    await t.db.insert(workspaceMembers).values({ id: randomUUID(), workspaceId: space, userId: maker!, role: "member" });
    expect(await refusal(verifyApiKey(t.db, key.token))).toEqual(notValid);
    await t.db.update(workspaceMembers).set({ role: "admin" }).where(membership);
    expect(await verifyApiKey(t.db, key.token)).toMatchObject({ space, scope: "write" });
  });

  it("limits each key to its requests per minute, with what is left and the seconds left to wait, and keys apart", async () => {
    const rule = { windowSeconds: 60, max: 3 };
    const now = 1_900_000_000_000;
    const a = randomUUID();
    for (let i = 0; i < 3; i++) expect(await consumeKeyRequest(t.db, a, now + i, rule)).toEqual({ allowed: true, retryAfterSeconds: 0, remaining: 2 - i, resetSeconds: 60 });
    expect(await consumeKeyRequest(t.db, a, now + 15_000, rule)).toEqual({ allowed: false, retryAfterSeconds: 45, remaining: 0, resetSeconds: 45 });
    expect((await consumeKeyRequest(t.db, randomUUID(), now + 15_000, rule)).allowed).toBe(true);
    // A new window begins once the last one is over.
    expect((await consumeKeyRequest(t.db, a, now + 60_001, rule)).allowed).toBe(true);
    expect(API_KEY_RATE_LIMIT).toEqual({ windowSeconds: 60, max: 120 });
  });
});
