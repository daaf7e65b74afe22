/**
 * Bodies and answers of /api/transcriptions, /api/transcription/options and /api/styles.
 * Plain zod, no server imports: the browser's client checks answers with the same schemas
 * the server's types come from.
 */
import { z } from "zod";

const isoDate = z.string();

const TranscriptionStatus = z.enum(["queued", "processing", "done", "failed", "canceled"]);

export const ApiTranscription = z.object({
  id: z.string(),
  title: z.string(),
  status: TranscriptionStatus,
  progress: z.number(),
  language: z.string().nullable(),
  detected_language: z.string().nullable(),
  engine: z.string().nullable(),
  duration_s: z.number(),
  source: z.enum(["upload", "recording"]),
  original_filename: z.string(),
  size_bytes: z.number(),
  error: z.string().nullable(),
  created_at: isoDate,
  updated_at: isoDate,
  completed_at: isoDate.nullable(),
  version: z.number(),
});
export type ApiTranscription = z.infer<typeof ApiTranscription>;

export const TranscriptionList = z.object({ transcriptions: z.array(ApiTranscription) });

const WordTiming = z.object({
  word: z.string(),
  start_ms: z.number(),
  end_ms: z.number(),
  confidence: z.number().optional(),
});

export const ApiSegment = z.object({
  start_ms: z.number(),
  end_ms: z.number(),
  text: z.string(),
  words: z.array(WordTiming).nullable(),
  confidence: z.number().nullable(),
  speaker: z.string().nullable(),
});
export type ApiSegment = z.infer<typeof ApiSegment>;

export const TranscriptionDetail = ApiTranscription.extend({ segments: z.array(ApiSegment) });

export const ApiFormatted = z.object({
  markdown: z.string(),
  level: z.enum(["basic", "advanced", "style"]),
  style_name: z.string().nullable(),
  from_version: z.number().nullable(),
  outdated: z.boolean(),
  created_at: isoDate.nullable(),
});
export type ApiFormatted = z.infer<typeof ApiFormatted>;

export const RenameBody = z.object({
  title: z.string().trim().min(1, "Enter a title.").max(200, "Use at most 200 characters."),
});

const MAX_SEGMENT_CHARS = 5000;

/** `PATCH /api/transcriptions/{id}/segments`: changes based on the version the editor holds. */
export const SegmentEdits = z.object({
  base_version: z.number({ error: "Send the version you edited (base_version)." }).int().min(0),
  changes: z
    .array(
      z.object({
        position: z.number().int().min(0),
        text: z.string().max(MAX_SEGMENT_CHARS, `A segment may hold at most ${MAX_SEGMENT_CHARS} characters.`).optional(),
        speaker: z.string().trim().max(60, "Use at most 60 characters for a speaker name.").nullable().optional(),
      }),
    )
    .min(1, "Send at least one change.")
    .max(10_000),
});
export type SegmentEdits = z.infer<typeof SegmentEdits>;

export const SavedSegments = z.object({
  version: z.number(),
  segments: z.array(ApiSegment.extend({ position: z.number() })),
});

/** `POST /api/transcriptions/{id}/format`. */
export const FormatRequest = z
  .object({
    level: z.enum(["basic", "advanced", "style"], { error: 'Choose a level: "basic", "advanced" or "style".' }),
    style_id: z.string().optional(),
  })
  .refine((r) => r.level !== "style" || Boolean(r.style_id), { message: "Choose the style to apply (style_id).", path: ["style_id"] });
export type FormatRequest = z.infer<typeof FormatRequest>;

export const STYLE_NAME_MAX = 60;
export const STYLE_INSTRUCTIONS_MAX = 2000;

/** A user's saved formatting style, as submitted (trimmed): `POST /api/styles`, `PATCH /api/styles/{id}`. */
export const StyleInput = z.object({
  name: z
    .string({ error: "Give the style a name." })
    .trim()
    .min(1, "Give the style a name.")
    .max(STYLE_NAME_MAX, `Use at most ${STYLE_NAME_MAX} characters for the name.`),
  instructions: z
    .string({ error: "Write the instructions for this style." })
    .trim()
    .min(1, "Write the instructions for this style.")
    .max(STYLE_INSTRUCTIONS_MAX, `Use at most ${STYLE_INSTRUCTIONS_MAX} characters for the instructions.`),
});
export type StyleInput = z.infer<typeof StyleInput>;

export const ApiStyle = z.object({ id: z.string(), name: z.string(), instructions: z.string(), created_at: isoDate, updated_at: isoDate });
export type ApiStyle = z.infer<typeof ApiStyle>;
export const StyleList = z.object({ styles: z.array(ApiStyle) });

export const TranscriptionOptions = z.object({
  engine: z.string().nullable(),
  engine_problem: z.string().nullable(),
  auto_detect: z.boolean(),
  languages: z.array(z.object({ code: z.string(), name: z.string() })),
  plan_id: z.string(),
  plan_name: z.string(),
  usage: z.object({ used_s: z.number(), limit_s: z.number().nullable(), remaining_s: z.number().nullable(), period_end: isoDate }),
  max_upload_mb: z.number(),
  record_tab_mic: z.boolean(),
});
export type TranscriptionOptions = z.infer<typeof TranscriptionOptions>;
