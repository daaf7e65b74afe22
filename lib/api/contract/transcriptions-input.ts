/** Bodies of /api/transcriptions and /api/styles, validated by the server with these sentences. */
import { z } from "zod";

export const RenameBody = z.object({
  title: z.string().trim().min(1, "Enter a title.").max(200, "Title must be 200 characters or fewer."),
});

const MAX_SEGMENT_CHARS = 5000;
const SPEAKER_NAME_MAX = 60;

/** A speaker's name, as assigned to a segment or given in a rename: one line, runs of spaces collapsed. */
export const SpeakerName = z
  .string()
  .trim()
  .min(1, "Give the speaker a name.")
  .max(SPEAKER_NAME_MAX, `Use at most ${SPEAKER_NAME_MAX} characters for a speaker name.`)
  .transform((name) => name.replace(/\s+/g, " "));

/** `PATCH /api/transcriptions/{id}/segments`: changes based on the version the editor holds. */
export const SegmentEdits = z.object({
  base_version: z.number({ error: "Send the version of the transcript you edited." }).int().min(0),
  changes: z
    .array(
      z.object({
        position: z.number().int().min(0),
        text: z.string().max(MAX_SEGMENT_CHARS, `A segment may hold at most ${MAX_SEGMENT_CHARS} characters.`).optional(),
        /** null: the segment has no speaker */
        speaker: SpeakerName.nullable().optional(),
      }),
    )
    .min(1, "Send at least one change.")
    .max(10_000),
});
export type SegmentEdits = z.infer<typeof SegmentEdits>;

const segmentPosition = z.number({ error: "Send the segment's position." }).int().min(0);

/** `POST /api/transcriptions/{id}/segments`: split a segment before one of its words, or merge it with the next. */
export const SegmentStructureEdit = z.discriminatedUnion(
  "action",
  [
    z.object({
      action: z.literal("split"),
      base_version: SegmentEdits.shape.base_version,
      position: segmentPosition,
      word: z.number({ error: "Say where to split: the number of the word the new segment starts with." }).int(),
    }),
    z.object({ action: z.literal("merge"), base_version: SegmentEdits.shape.base_version, position: segmentPosition }),
  ],
  { error: 'Choose an action: "split" or "merge".' },
);
export type SegmentStructureEdit = z.infer<typeof SegmentStructureEdit>;

/** `POST /api/transcriptions/{id}/format`. */
export const FormatRequest = z
  .object({
    level: z.enum(["basic", "advanced", "style"], { error: 'Choose a level: "basic", "advanced" or "style".' }),
    style_id: z.string().optional(),
  })
  .refine((r) => r.level !== "style" || Boolean(r.style_id), { message: "Choose the style to apply.", path: ["style_id"] });
export type FormatRequest = z.infer<typeof FormatRequest>;

export const STYLE_NAME_MAX = 60;
export const STYLE_INSTRUCTIONS_MAX = 2000;

/** A user's saved formatting style, as submitted (trimmed): `POST /api/styles`, `PATCH /api/styles/{id}`. */
export const StyleInput = z.object({
  name: z
    .string({ error: "Give the style a name." })
    .trim()
    .min(1, "Give the style a name.")
    .max(STYLE_NAME_MAX, `The style name must be ${STYLE_NAME_MAX} characters or fewer.`),
  instructions: z
    .string({ error: "Write the instructions for this style." })
    .trim()
    .min(1, "Write the instructions for this style.")
    .max(STYLE_INSTRUCTIONS_MAX, `The instructions must be ${STYLE_INSTRUCTIONS_MAX} characters or fewer.`),
});
export type StyleInput = z.infer<typeof StyleInput>;
