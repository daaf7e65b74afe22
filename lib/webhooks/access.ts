import { eq } from "drizzle-orm";
import type { Database, Tx } from "@/lib/db/client";
import { webhooks, type Webhook } from "@/lib/db/schema";
import { DomainError } from "@/lib/errors/domain-error";
import { ROLE_TOO_LOW, requireRole, roleIn } from "@/lib/access/roles";
import { atLeast } from "@/lib/roles";
import { requireWithin, type Within } from "@/lib/access/visibility";

/**
 * Who may manage webhooks: in the personal space its user, in a workspace its owner and
 * admins (a webhook's secret and its deliveries are theirs to see). Anyone else learns
 * nothing: a webhook of another user or of a workspace they are not in does not exist (404);
 * a workspace's member or viewer is told the role is too low (403).
 */

export const WEBHOOK_NOT_FOUND = "This webhook does not exist.";

/** Ids are UUIDs: anything else names nothing (and never reaches a query). */
export const ID_SHAPE = /^[0-9a-f-]{36}$/i;

/** The caller may manage the webhooks of this space (null: their personal space). */
export async function requireSpaceManager(database: Database | Tx, userId: string, workspaceId: string | null): Promise<void> {
  if (workspaceId) await requireRole(database, userId, workspaceId, "admin");
}

/** The webhook `id` if the caller may manage it; otherwise not_found (or forbidden for a member of its workspace). */
export async function managedWebhook(database: Database | Tx, userId: string, id: string, within?: Within): Promise<Webhook> {
  if (!ID_SHAPE.test(id)) throw new DomainError("not_found", WEBHOOK_NOT_FOUND);
  const [webhook] = await database.select().from(webhooks).where(eq(webhooks.id, id));
  if (!webhook) throw new DomainError("not_found", WEBHOOK_NOT_FOUND);
  await requireWebhookManager(database, userId, webhook, WEBHOOK_NOT_FOUND, within);
  return webhook;
}

/** Checks the caller against a webhook's space (an API key: its own space only); `notFound` is the sentence a stranger gets. */
export async function requireWebhookManager(
  database: Database | Tx,
  userId: string,
  webhook: Pick<Webhook, "userId" | "workspaceId">,
  notFound: string,
  within?: Within,
): Promise<void> {
  requireWithin(within, webhook.workspaceId, notFound);
  if (!webhook.workspaceId) {
    if (webhook.userId !== userId) throw new DomainError("not_found", notFound);
    return;
  }
  const role = await roleIn(database, userId, webhook.workspaceId);
  if (!role) throw new DomainError("not_found", notFound);
  if (!atLeast(role, "admin")) throw new DomainError("forbidden", ROLE_TOO_LOW.admin);
}
