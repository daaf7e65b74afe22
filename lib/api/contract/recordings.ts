/**
 * /api/recordings (live recording): the answers the browser checks, and the body and queries
 * the server validates with these sentences. zod/mini: read in the browser.
 */
import * as z from "zod/mini";
import { ApiTranscription, Title } from "./transcription";
import { TRANSCRIPTION_STATUSES } from "@/lib/db/transcription-statuses";

export const ApiRecording = z.object({
  transcription: ApiTranscription,
  /** a worker transcribes it as it is made */
  live: z.boolean(),
  /** why not, in a sentence for the user */
  not_live_reason: z.nullable(z.string()),
  /** seconds the plan has left; null: no limit */
  allowance_s: z.nullable(z.number()),
});
export type ApiRecording = z.infer<typeof ApiRecording>;

export const ChunksAnswer = z.object({ received: z.number(), remaining_s: z.nullable(z.number()) });

export const StoppedRecording = z.object({ transcription: z.nullable(ApiTranscription) });

/** One utterance of live text (the `utterance` events of /api/recordings/{id}/events). */
export const ApiUtterance = z.object({ idx: z.number(), start_ms: z.number(), end_ms: z.number(), text: z.string() });
export type ApiUtterance = z.infer<typeof ApiUtterance>;

export const LiveState = z.object({ live: z.boolean(), not_live_reason: z.nullable(z.string()), stopped: z.boolean() });
export const LivePending = z.object({ text: z.string() });
/**
 * The `end` event: the server let go of the live text. `status` is the transcription's then
 * (null: it is gone); `live_kept`: the full-quality pass failed and the live text became the transcript.
 */
export const LiveEnd = z.object({ status: z.nullable(z.enum(TRANSCRIPTION_STATUSES)), live_kept: z.boolean() });
export type LiveEnd = z.infer<typeof LiveEnd>;

export const RecordingStartBody = z.object({
  title: Title,
  language: z.optional(z.nullable(z.string().check(z.maxLength(20)))),
  mode: z.enum(["mic", "tab-mic"], { error: 'Choose a mode: "mic" or "tab-mic".' }),
  /** terms for this recording alone, besides its space's vocabulary */
  vocabulary: z.optional(z.array(z.string({ error: "Each term is a text." }), { error: "Send the terms as a list of texts." })),
});
export type RecordingStartBody = z.infer<typeof RecordingStartBody>;

export const ChunksQuery = z.object({
  seq: z.string().check(z.regex(/^\d{1,7}$/, "seq must be the number of the first chunk in the body (0, 1, 2 …).")),
});

export const LiveEventsQuery = z.object({
  from: z.optional(z.string().check(z.regex(/^\d{1,7}$/, "from must be the number of the first utterance to send."))),
});
