import { eq } from "drizzle-orm";
import type { Tx } from "@/lib/db/client";
import { transcriptions, type WebhookEvent } from "@/lib/db/schema";
import { queueWebhookDeliveries } from "@/lib/webhooks/deliveries";
import { SUMMARY, toApiTranscription } from "./summary";

/**
 * Tells the webhooks of the transcription's space that it ended, in the transaction that
 * ends it: the deliveries are queued exactly when the end commits (lib/webhooks sends them).
 */
export async function webhooksOnEnd(tx: Tx, transcriptionId: string, event: WebhookEvent): Promise<void> {
  const [t] = await tx
    .select(SUMMARY)
    .from(transcriptions)
    .where(eq(transcriptions.id, transcriptionId));
  if (!t) return;
  await queueWebhookDeliveries(tx, { event, userId: t.userId, workspaceId: t.workspaceId, transcription: toApiTranscription(t) });
}
