import type { JobKind } from "@/lib/db/schema";
import { formatJob } from "@/lib/editor/format-job";
import { mailJob } from "@/lib/email/mail-job";
import type { JobDefinition } from "@/lib/jobs/definition";
import { liveJob } from "@/lib/recordings/live-job";
import { transcribeJob } from "@/lib/transcription/transcribe-job";
import { webhookJob } from "@/lib/webhooks/webhook-job";

export interface RegistryOptions {
  /** a recording that sends no audio for this long gives its live slot back (tests shorten it) */
  liveIdleReleaseMs?: number;
}

/**
 * Every kind of background work, one definition each (lib/jobs/definition.ts): the registry
 * is the only place that knows them all. A kind missing here fails to compile.
 */
export function jobRegistry(options: RegistryOptions = {}): Record<JobKind, JobDefinition<unknown>> {
  return {
    transcribe: transcribeJob,
    format: formatJob,
    mail: mailJob,
    live: liveJob({ idleReleaseMs: options.liveIdleReleaseMs }),
    webhook: webhookJob,
  };
}

const defaults = jobRegistry();

/** The definition of a kind (an operator's retry or cancel asks it what the feature does). */
export function definitionOf(kind: JobKind): JobDefinition<unknown> {
  return defaults[kind];
}
