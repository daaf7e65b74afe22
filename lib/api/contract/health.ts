/** The operators' view of `GET /api/health` (anyone else gets `{status}` only). zod/mini: it is read in the browser. */
import * as z from "zod/mini";

const ModelDownload = z.object({
  state: z.enum(["off", "present", "downloading", "ready", "failed"]),
  model: z.optional(z.string()),
  bytes: z.optional(z.number()),
  total: z.optional(z.nullable(z.number())),
  reason: z.optional(z.string()),
});
export type ModelDownload = z.infer<typeof ModelDownload>;

const KindDepth = z.object({ queued: z.number(), running: z.number(), oldest_queued_s: z.number() });

export const OperatorHealth = z.object({
  status: z.enum(["ok", "degraded"]),
  engine: z.object({
    selected: z.nullable(z.string()),
    problem: z.nullable(z.string()),
    setup: z.nullable(z.string()),
  }),
  /** the top level counts files to transcribe; `kinds` every kind of job */
  queue: z.nullable(
    z.object({
      ...KindDepth.shape,
      kinds: z.object({ transcribe: KindDepth, format: KindDepth, mail: KindDepth }),
      pieces: z.object({ queued: z.number(), running: z.number() }),
    }),
  ),
  workers: z.nullable(
    z.array(
      z.object({
        id: z.string(),
        host: z.string(),
        engine: z.nullable(z.string()),
        problem: z.nullable(z.string()),
        capacity: z.number(),
        live_capacity: z.number(),
        busy: z.boolean(),
        seen_s_ago: z.number(),
        /** its speech model download, as its last heartbeat said */
        model: z.nullable(ModelDownload),
        /** its speaker models' download (no `model` name), as its last heartbeat said */
        speakers: z.optional(z.nullable(ModelDownload)),
      }),
    ),
  ),
  formatting: z.object({ available: z.boolean(), model: z.nullable(z.string()), setup: z.nullable(z.string()) }),
});
export type OperatorHealth = z.infer<typeof OperatorHealth>;
