import { eq } from "drizzle-orm";
import type { Database, Tx } from "@/lib/db/client";
import { webhooks, type Webhook } from "@/lib/db/schema";
import { DomainError } from "@/lib/errors/domain-error";
import { ID_SHAPE, requireEntryManager } from "@/lib/access/space-manager";
import type { Within } from "@/lib/access/visibility";

/**
 * Who may manage webhooks: their space's managers (lib/access/space-manager.ts): a webhook's
 * secret and its deliveries are theirs to see.
 */

export const WEBHOOK_NOT_FOUND = "This webhook does not exist.";

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
  await requireEntryManager(database, userId, { personalOf: webhook.workspaceId ? null : webhook.userId, workspaceId: webhook.workspaceId }, notFound, within);
}
