/** Bodies of /api/transcriptions and /api/styles, validated by the server with these sentences. */
import { z } from "zod";
import { nameField } from "./name-field";
import { SEARCH_TERM_MAX_CHARS } from "./transcriptions";
import { UploadSource } from "./uploads-input";

/** `GET /api/transcriptions?q=`: the user's transcriptions, or those matching every word of `q`. */
export const TranscriptionListQuery = z.object({
  q: z.string().max(SEARCH_TERM_MAX_CHARS, `A search can be at most ${SEARCH_TERM_MAX_CHARS} characters long.`).optional(),
});

/**
 * `POST /api/transcriptions?filename=…&language=…&source=recording&first_seconds=N&speakers=N`: an
 * upload sent whole; createTranscription checks the values (the source is one of two words).
 */
export const UploadQuery = z.object({
  filename: z.string().optional(),
  language: z.string().optional(),
  source: UploadSource.default("upload"),
  first_seconds: z.coerce.number().optional(),
  speakers: z.coerce.number().optional(),
});

/** `DELETE /api/transcriptions/{id}`: to Recently deleted; `?permanent=1` removes it (and its audio) for good. */
export const DeleteQuery = z.object({
  permanent: z.enum(["1"], { error: 'Use "permanent=1" to delete for good, or leave it out to move the transcription to Recently deleted.' }).optional(),
});

/** `GET /api/transcriptions/events?since=`: the status stream, from the page's render time (an ISO time). */
export const TranscriptionEventsQuery = z.object({ since: z.string().optional() });

/**
 * `GET /api/transcriptions/{id}/export?format=txt|md|pdf|docx|srt|vtt&timestamps=1&version=raw|formatted&tz=Europe/Berlin`,
 * as sent; exportTranscription checks the values, in an order the refusals depend on.
 */
export const ExportQuery = z.object({
  format: z.string().optional(),
  timestamps: z.string().optional(),
  version: z.string().optional(),
  tz: z.string().optional(),
});
export type ExportQuery = z.infer<typeof ExportQuery>;

const TITLE_MAX = 200;

/** A transcription's title, renamed or given when a recording starts: one line, 1–200 characters. */
export const Title = nameField(TITLE_MAX, { empty: "Enter a title.", tooLong: `Title must be ${TITLE_MAX} characters or fewer.` });

export const RenameBody = z.object({ title: Title });

export const MAX_SEGMENT_CHARS = 5000;
const SPEAKER_NAME_MAX = 60;

/** A speaker's name, as assigned to a segment or given in a rename: one line, runs of spaces collapsed. */
export const SpeakerName = nameField(SPEAKER_NAME_MAX, {
  empty: "Give the speaker a name.",
  tooLong: `Use at most ${SPEAKER_NAME_MAX} characters for a speaker name.`,
}).transform((name) => name.replace(/\s+/g, " "));

/**
 * The most one save may carry: changes, and characters of text in all (about an hour of
 * speech); an editor sends more (a replace-all) in several saves. What a save costs the
 * database (its word timings above all) grows with its text, and on embedded PGlite that
 * work runs on the server's own thread.
 */
export const MAX_CHANGES_PER_SAVE = 200;
export const MAX_TEXT_PER_SAVE = 50_000;
// Segment positions are counted from 0; a transcript has far fewer segments than this.
const MAX_POSITION = 1_000_000;

/** `PATCH /api/transcriptions/{id}/segments`: changes based on the version the editor holds. */
export const SegmentEdits = z.object({
  base_version: z.number({ error: "Send the version of the transcript you edited." }).int().min(0),
  changes: z
    .array(
      z.object({
        position: z.number().int().min(0).max(MAX_POSITION, `Segment positions go up to ${MAX_POSITION}.`),
        text: z.string().max(MAX_SEGMENT_CHARS, `A segment may hold at most ${MAX_SEGMENT_CHARS} characters.`).optional(),
        /** null: the segment has no speaker */
        speaker: SpeakerName.nullable().optional(),
      }),
    )
    .min(1, "Send at least one change.")
    .max(MAX_CHANGES_PER_SAVE, `Send at most ${MAX_CHANGES_PER_SAVE} changes in one save.`)
    .refine((changes) => changes.reduce((sum, c) => sum + (c.text?.length ?? 0), 0) <= MAX_TEXT_PER_SAVE, {
      message: `Send at most ${MAX_TEXT_PER_SAVE} characters of text in one save.`,
    }),
});
export type SegmentEdits = z.infer<typeof SegmentEdits>;

const segmentPosition = z
  .number({ error: "Send the segment's position." })
  .int()
  .min(0)
  .max(MAX_POSITION, `Segment positions go up to ${MAX_POSITION}.`);

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
  name: nameField(STYLE_NAME_MAX, {
    empty: "Give the style a name.",
    missing: "Give the style a name.",
    tooLong: `The style name must be ${STYLE_NAME_MAX} characters or fewer.`,
  }),
  instructions: z
    .string({ error: "Write the instructions for this style." })
    .trim()
    .min(1, "Write the instructions for this style.")
    .max(STYLE_INSTRUCTIONS_MAX, `The instructions must be ${STYLE_INSTRUCTIONS_MAX} characters or fewer.`),
});
export type StyleInput = z.infer<typeof StyleInput>;
