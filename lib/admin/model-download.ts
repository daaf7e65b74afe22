import type { Database } from "@/lib/db/client";
import { DomainError } from "@/lib/errors/domain-error";
import { requestModelRetry } from "@/lib/transcription/worker-registry";
import { recordAudit, type Actor } from "./audit-log";

export const NO_FAILED_DOWNLOAD = "No running worker has a failed model download to retry.";

/**
 * An operator asks every running worker whose speech model download failed to try again;
 * each starts at its next heartbeat (within 10 s). Returns the workers asked.
 */
export async function retryModelDownloadAsOperator(database: Database, actor: Actor): Promise<string[]> {
  return database.transaction(async (tx) => {
    const asked = await requestModelRetry(tx);
    if (asked.length === 0) throw new DomainError("conflict", NO_FAILED_DOWNLOAD);
    await recordAudit(tx, actor, {
      action: "model_download.retried",
      targetType: "worker",
      targetId: asked.join(", "),
      summary: `Asked ${asked.length === 1 ? "1 worker" : `${asked.length} workers`} to download the speech model again`,
      before: null,
      after: null,
    });
    return asked;
  });
}
