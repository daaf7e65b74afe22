/**
 * Answers of /api/transcriptions, /api/transcription/options and /api/styles, as the browser
 * checks them. zod/mini keeps this small in the browser's bundle; the bodies the server
 * validates are in ./transcriptions-input.ts (the browser takes only their types).
 */
import * as z from "zod/mini";
import { TRANSCRIPTION_STATUSES } from "@/lib/db/transcription-statuses";

const isoDate = z.string();
const TranscriptionStatus = z.enum(TRANSCRIPTION_STATUSES);

/**
 * A transcription as the API answers it, and each message of `GET /api/transcriptions/events`
 * (its whole state after a change): the status stream sends these, and the browser checks
 * each, dropping one that does not fit.
 */
export const ApiTranscription = z.object({
  id: z.string(),
  title: z.string(),
  status: TranscriptionStatus,
  progress: z.number(),
  /** pieces of long audio transcribed so far, and how many there are (0 until it starts) */
  pieces_done: z.number(),
  pieces_total: z.number(),
  language: z.nullable(z.string()),
  detected_language: z.nullable(z.string()),
  engine: z.nullable(z.string()),
  duration_s: z.number(),
  source: z.enum(["upload", "recording"]),
  original_filename: z.string(),
  size_bytes: z.number(),
  error: z.nullable(z.string()),
  created_at: isoDate,
  updated_at: isoDate,
  completed_at: z.nullable(isoDate),
  version: z.number(),
  /** the workspace it belongs to (null: its uploader's personal space), and its folder there */
  workspace_id: z.nullable(z.string()),
  folder_id: z.nullable(z.string()),
  /** in search results: the words around the first match in the transcript text (null: none there) */
  snippet: z.optional(z.nullable(z.object({ before: z.string(), match: z.string(), after: z.string() }))),
});
export type ApiTranscription = z.infer<typeof ApiTranscription>;

export const TranscriptionList = z.object({ transcriptions: z.array(ApiTranscription) });

/**
 * `GET /api/transcriptions/deleted`: the user's Recently deleted, the latest deletion first;
 * each is removed for good at `purge_at` unless restored (`POST /api/transcriptions/{id}/restore`).
 */
export const DeletedTranscription = z.extend(ApiTranscription, { deleted_at: isoDate, purge_at: isoDate });
export type DeletedTranscription = z.infer<typeof DeletedTranscription>;
export const DeletedTranscriptionList = z.object({ transcriptions: z.array(DeletedTranscription) });

/**
 * The longest search term `GET /api/transcriptions?q=` takes (the search box stops there too):
 * a search looks words up in an index, and a few words are all it needs.
 */
export const SEARCH_TERM_MAX_CHARS = 200;

const WordTiming = z.object({
  word: z.string(),
  start_ms: z.number(),
  end_ms: z.number(),
  confidence: z.optional(z.number()),
});

export const ApiSegment = z.object({
  start_ms: z.number(),
  end_ms: z.number(),
  text: z.string(),
  words: z.nullable(z.array(WordTiming)),
  confidence: z.nullable(z.number()),
  speaker: z.nullable(z.string()),
});
export type ApiSegment = z.infer<typeof ApiSegment>;

export const TranscriptionDetail = z.extend(ApiTranscription, { segments: z.array(ApiSegment) });

/** The answer of a segment save: the new version and the saved segments. */
export const SavedSegments = z.object({
  version: z.number(),
  segments: z.array(z.extend(ApiSegment, { position: z.number() })),
});

export const ApiFormatted = z.object({
  markdown: z.string(),
  level: z.enum(["basic", "advanced", "style"]),
  style_name: z.nullable(z.string()),
  from_version: z.nullable(z.number()),
  outdated: z.boolean(),
  created_at: z.nullable(isoDate),
});
export type ApiFormatted = z.infer<typeof ApiFormatted>;

/**
 * `GET` and `POST /api/transcriptions/{id}/format`: the formatted version, and the
 * language-model run a worker has queued, is running or could not finish (basic formatting
 * has no run: it is done when the POST answers).
 */
export const ApiFormatState = z.object({
  formatted: z.nullable(ApiFormatted),
  run: z.nullable(
    z.object({
      level: z.enum(["basic", "advanced", "style"]),
      status: z.enum(["queued", "running", "failed"]),
      error: z.nullable(z.string()),
      requested_at: isoDate,
    }),
  ),
});
export type ApiFormatState = z.infer<typeof ApiFormatState>;

export const ApiStyle = z.object({ id: z.string(), name: z.string(), instructions: z.string(), created_at: isoDate, updated_at: isoDate });
export type ApiStyle = z.infer<typeof ApiStyle>;
export const StyleList = z.object({ styles: z.array(ApiStyle) });

export const TranscriptionOptions = z.object({
  engine: z.nullable(z.string()),
  /** the engine as users read it */
  engine_label: z.nullable(z.string()),
  /** a limit of the engine worth saying beside the recorder */
  engine_note: z.nullable(z.string()),
  /** percent of the whisper model downloaded on first start, while that runs */
  engine_preparing: z.nullable(z.number()),
  engine_problem: z.nullable(z.string()),
  auto_detect: z.boolean(),
  languages: z.array(z.object({ code: z.string(), name: z.string() })),
  /** when the engine offers fewer languages than the plan: how many, and what would add them */
  languages_note: z.nullable(z.string()),
  plan_id: z.string(),
  plan_name: z.string(),
  /** a higher plan is on sale: the dashboard shows "Upgrade" (not on the top plan or enterprise) */
  can_upgrade: z.boolean(),
  usage: z.object({ used_s: z.number(), limit_s: z.nullable(z.number()), remaining_s: z.nullable(z.number()), period_end: isoDate }),
  max_upload_mb: z.number(),
  /** "bucket": uploads go straight to the S3 bucket (direct uploads); "server": resumable through the web host */
  upload_route: z.enum(["bucket", "server"]),
  record_tab_mic: z.boolean(),
  /** words appear while recording (the plan has real_time_transcription) */
  live_transcription: z.boolean(),
});
export type TranscriptionOptions = z.infer<typeof TranscriptionOptions>;
