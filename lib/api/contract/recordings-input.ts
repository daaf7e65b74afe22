/** Bodies and queries of /api/recordings, validated by the server with these sentences. */
import { z } from "zod";
import { Title } from "./transcriptions-input";

export const RecordingStartBody = z.object({
  title: Title,
  language: z.string().max(20).nullable().optional(),
  mode: z.enum(["mic", "tab-mic"], { error: 'Choose a mode: "mic" or "tab-mic".' }),
});
export type RecordingStartBody = z.infer<typeof RecordingStartBody>;

export const ChunksQuery = z.object({
  seq: z.string().regex(/^\d{1,7}$/, "seq must be the number of the first chunk in the body (0, 1, 2 …)."),
});

export const LiveEventsQuery = z.object({
  from: z.string().regex(/^\d{1,7}$/, "from must be the number of the first utterance to send.").optional(),
});
