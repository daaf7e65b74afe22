import { settleDueDemoSubscriptions } from "@/lib/billing/demo/demo-clock";
import { env } from "@/lib/env";
import type { Schedule } from "@/lib/jobs/schedule";
import { removeExpired } from "@/lib/jobs/store";
import { stopAbandonedRecordings } from "@/lib/recordings/recording";
import { bucketMultipart } from "@/lib/storage/bucket-multipart";
import { purgeDeletedTranscriptions } from "@/lib/transcription/deletion";
import { forgetDeadWorkers } from "@/lib/transcription/worker-registry";
import { sweepExpiredDirectUploads } from "@/lib/uploads/direct-uploads";

const MINUTE = 60_000;

/** The periodic work of the fleet, each run by one worker per period. */
export function workerSchedules(): Schedule[] {
  return [
    // Ended demo billing periods written down (renewals, cancellations at period end).
    { name: "demo-billing-clock", everyMs: MINUTE, run: (database) => settleDueDemoSubscriptions(database) },
    // Recordings whose browser went away become transcriptions of what arrived.
    { name: "abandoned-recordings", everyMs: 5_000, run: (database) => stopAbandonedRecordings(database) },
    {
      name: "abandoned-direct-uploads",
      everyMs: MINUTE,
      run: async (database) => {
        const bucket = bucketMultipart();
        if (bucket) await sweepExpiredDirectUploads(database, bucket);
      },
    },
    { name: "job-retention", everyMs: 60 * MINUTE, run: (database) => removeExpired(database, env().JOB_RETENTION_DAYS, env().JOB_DEAD_LETTER_DAYS) },
    { name: "dead-workers", everyMs: 60 * MINUTE, run: (database) => forgetDeadWorkers(database) },
    // Transcriptions 30 days in Recently deleted go for good, with their audio.
    { name: "recently-deleted-purge", everyMs: 60 * MINUTE, run: (database) => purgeDeletedTranscriptions(database) },
  ];
}
