import { randomUUID } from "node:crypto";
import { and, count, desc, eq, isNull } from "drizzle-orm";
import type { ApiKeyItem, CreatedApiKey } from "@/lib/api/contract/api-keys";
import type { Database } from "@/lib/db/client";
import { apiKeys, type ApiKey, type ApiKeyScope } from "@/lib/db/schema";
import { DomainError } from "@/lib/errors/domain-error";
import { requireRole } from "@/lib/access/roles";
import { hashToken, newToken, prefixOf } from "./tokens";

export const API_KEY_NOT_FOUND = "This API key does not exist.";

/**
 * Keys belong to a space: the user's personal space (`space` null: only their own keys), or
 * a workspace, whose keys its owner and admins manage (a member or viewer is refused, a
 * stranger told the workspace does not exist).
 */
async function keysOf(database: Database, userId: string, space: string | null) {
  if (!space) return and(eq(apiKeys.userId, userId), isNull(apiKeys.workspaceId))!;
  await requireRole(database, userId, space, "admin");
  return eq(apiKeys.workspaceId, space);
}

function toApiKeyItem(key: ApiKey): ApiKeyItem {
  return {
    id: key.id,
    name: key.name,
    prefix: key.prefix,
    scope: key.scope,
    workspace_id: key.workspaceId,
    created_at: key.createdAt.toISOString(),
    last_used_at: key.lastUsedAt?.toISOString() ?? null,
  };
}

const MAX_KEYS_PER_SPACE = 20;

/** A new key in the space; its token is in this answer only (only its hash is kept). */
export async function createApiKey(
  database: Database,
  userId: string,
  space: string | null,
  input: { name: string; scope: ApiKeyScope },
): Promise<CreatedApiKey> {
  const mine = await keysOf(database, userId, space);
  // Each key has its own rate limit: a cap keeps many keys from adding up to no limit.
  const [{ n }] = await database.select({ n: count() }).from(apiKeys).where(and(mine, isNull(apiKeys.revokedAt)));
  if (n >= MAX_KEYS_PER_SPACE) throw new DomainError("unprocessable", `A space can have at most ${MAX_KEYS_PER_SPACE} API keys. Revoke one first.`);
  const token = newToken();
  const [key] = await database
    .insert(apiKeys)
    .values({ id: randomUUID(), userId, workspaceId: space, name: input.name, scope: input.scope, prefix: prefixOf(token), tokenHash: hashToken(token) })
    .returning();
  return { ...toApiKeyItem(key!), token };
}

/** The space's keys that still work, the newest first. */
export async function listApiKeys(database: Database, userId: string, space: string | null): Promise<ApiKeyItem[]> {
  const rows = await database
    .select()
    .from(apiKeys)
    .where(and(await keysOf(database, userId, space), isNull(apiKeys.revokedAt)))
    .orderBy(desc(apiKeys.createdAt), desc(apiKeys.id));
  return rows.map(toApiKeyItem);
}

/** Revokes a key of the space: its next request is refused. Another space's key is not found. */
export async function revokeApiKey(database: Database, userId: string, space: string | null, id: string): Promise<void> {
  const [revoked] = await database
    .update(apiKeys)
    .set({ revokedAt: new Date() })
    .where(and(eq(apiKeys.id, id), await keysOf(database, userId, space), isNull(apiKeys.revokedAt)))
    .returning({ id: apiKeys.id });
  if (!revoked) throw new DomainError("not_found", API_KEY_NOT_FOUND);
}
