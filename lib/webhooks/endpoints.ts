import { randomUUID } from "node:crypto";
import { and, count, desc, eq, isNull, sql, type SQL } from "drizzle-orm";
import type { Database } from "@/lib/db/client";
import { WEBHOOK_EVENTS, webhooks, workspaceMembers, type Webhook, type WebhookEvent } from "@/lib/db/schema";
import { lockSpace } from "@/lib/access/space-lock";
import type { Within } from "@/lib/access/visibility";
import { DomainError } from "@/lib/errors/domain-error";
import { requireSpaceManager } from "@/lib/access/space-manager";
import { managedWebhook, WEBHOOK_NOT_FOUND } from "./access";
import { configuredPolicy, urlRefusal, type UrlPolicy } from "./endpoint-url";
import { newWebhookSecret } from "./signature";

/** Enough for a few receivers per space (production, staging, a chat bot); each event costs one delivery per webhook. */
const MAX_WEBHOOKS_PER_SPACE = 10;

/** A space's webhooks: the user's personal ones, or a workspace's (whoever of its admins added them). */
export function webhooksOfSpace(userId: string, workspaceId: string | null): SQL {
  return workspaceId ? eq(webhooks.workspaceId, workspaceId) : and(isNull(webhooks.workspaceId), eq(webhooks.userId, userId))!;
}

/**
 * A workspace's webhook calls out only while whoever added it still manages the workspace: an
 * admin who left or was made a member hears nothing more (as their keys and links stop).
 */
/** Why a webhook whose maker lost the right to manage its space sends nothing. */
export const NO_LONGER_MANAGED = "Not sent: whoever made this webhook no longer manages its space. Add it again as one who does.";

export const stillManaged = sql`(${webhooks.workspaceId} is null or exists (select 1 from ${workspaceMembers} m where m.organization_id = ${webhooks.workspaceId} and m.user_id = ${webhooks.userId} and m.role in ('owner', 'admin')))`;

export async function listWebhooks(database: Database, userId: string, workspaceId: string | null): Promise<Webhook[]> {
  await requireSpaceManager(database, userId, workspaceId);
  return database.select().from(webhooks).where(webhooksOfSpace(userId, workspaceId)).orderBy(desc(webhooks.createdAt));
}

export interface NewWebhook {
  url: string;
  /** both events when left out */
  events?: readonly WebhookEvent[];
}

/** Adds a webhook to the caller's space, with a new signing secret. */
export async function createWebhook(database: Database, userId: string, workspaceId: string | null, input: NewWebhook, policy: UrlPolicy = configuredPolicy()): Promise<Webhook> {
  const url = input.url.trim();
  const refusal = urlRefusal(url, policy);
  if (refusal) throw new DomainError("unprocessable", refusal);
  const wanted = input.events ?? WEBHOOK_EVENTS;
  const events = WEBHOOK_EVENTS.filter((e) => wanted.includes(e));
  if (!events.length) throw new DomainError("unprocessable", "Choose at least one event.");
  return database.transaction(async (tx) => {
    await requireSpaceManager(tx, userId, workspaceId);
    // Two adds at once must not both pass the count: the space's row serialises them.
    await lockSpace(tx, userId, workspaceId);
    const [{ n }] = await tx.select({ n: count() }).from(webhooks).where(webhooksOfSpace(userId, workspaceId));
    if (n >= MAX_WEBHOOKS_PER_SPACE) {
      throw new DomainError("unprocessable", `A space can have at most ${MAX_WEBHOOKS_PER_SPACE} webhooks. Delete one first.`);
    }
    const [created] = await tx
      .insert(webhooks)
      .values({ id: randomUUID(), userId, workspaceId, url, secret: newWebhookSecret(), events })
      .returning();
    return created;
  });
}

/** Deletes the webhook and its delivery log; deliveries still queued find nothing to send. */
export async function deleteWebhook(database: Database, userId: string, id: string, within?: Within): Promise<void> {
  await database.transaction(async (tx) => {
    const webhook = await managedWebhook(tx, userId, id, within);
    await tx.delete(webhooks).where(eq(webhooks.id, webhook.id));
  });
}

/** A webhook's new address or events (what is left out stays), checked as when it was added. */
export async function updateWebhook(
  database: Database,
  userId: string,
  id: string,
  change: Partial<NewWebhook>,
  within?: Within,
  policy: UrlPolicy = configuredPolicy(),
): Promise<Webhook> {
  const url = change.url?.trim();
  const refusal = url === undefined ? null : urlRefusal(url, policy);
  if (refusal) throw new DomainError("unprocessable", refusal);
  const events = change.events && WEBHOOK_EVENTS.filter((e) => change.events?.includes(e));
  if (events && !events.length) throw new DomainError("unprocessable", "Choose at least one event.");
  return database.transaction(async (tx) => {
    const webhook = await managedWebhook(tx, userId, id, within);
    // A new address starts healthy: the old one's failures (or its being disabled) say nothing of it.
    const moved = url !== undefined && url !== webhook.url ? { url, consecutiveFailures: 0, pausedUntil: null, disabledAt: null } : {};
    const [updated] = await tx
      .update(webhooks)
      .set({ ...moved, ...(events ? { events } : {}) })
      .where(eq(webhooks.id, webhook.id))
      .returning();
    // Deleted meanwhile (the read above takes no lock).
    if (!updated) throw new DomainError("not_found", WEBHOOK_NOT_FOUND);
    return updated;
  });
}

/**
 * A new signing secret for the webhook, the old one void at once: deliveries from now on,
 * resends included, are signed with the new one (they are signed at each attempt).
 */
export async function rotateWebhookSecret(database: Database, userId: string, id: string, within?: Within): Promise<Webhook> {
  return database.transaction(async (tx) => {
    const webhook = await managedWebhook(tx, userId, id, within);
    const [rotated] = await tx.update(webhooks).set({ secret: newWebhookSecret() }).where(eq(webhooks.id, webhook.id)).returning();
    if (!rotated) throw new DomainError("not_found", WEBHOOK_NOT_FOUND);
    return rotated;
  });
}
