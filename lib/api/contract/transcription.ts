/**
 * /api/transcriptions, /api/transcription/options and /api/styles: the answers the browser
 * checks, and the bodies and queries the server validates with these sentences. zod/mini
 * keeps this small in the browser's bundle.
 */
import * as z from "zod/mini";
import { TRANSCRIPTION_STATUSES } from "@/lib/db/transcription-statuses";
import { nameField } from "./name-field";
import { UploadSource } from "./uploads";

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
  /** who added it (the user's id): in a workspace, its uploader may delete it as its admins may */
  uploader_id: z.string(),
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
  /** the user reviewed this uncertain word and kept or corrected it: it is no longer marked */
  reviewed: z.optional(z.boolean()),
  /** on the first word a replacement rule or a "sounds like" hint wrote: what the engine heard */
  replaced_from: z.optional(z.string()),
  /** with replaced_from: how many words, from this one, it wrote */
  replaced_words: z.optional(z.number()),
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

/**
 * A segment as its editors read it: its `id` (stable across splits and merges before it) and
 * `version`, the transcript's version when it last changed. A save naming both is a conflict
 * only if that segment changed since, whatever else others saved.
 */
export const EditableSegment = z.extend(ApiSegment, { id: z.string(), version: z.number() });
export type EditableSegment = z.infer<typeof EditableSegment>;

export const TranscriptionDetail = z.extend(ApiTranscription, { segments: z.array(EditableSegment) });

/** The answer of a segment save: the new version and the saved segments. */
export const SavedSegments = z.object({
  version: z.number(),
  segments: z.array(z.extend(EditableSegment, { position: z.number() })),
});

/** A segment another editor changed, as the edit stream sends it: where it is now and who changed it. */
export const ChangedSegment = z.extend(EditableSegment, { position: z.number(), changed_by: z.nullable(z.string()) });
export type ChangedSegment = z.infer<typeof ChangedSegment>;

/**
 * `event: changes` of `GET /api/transcriptions/{id}/edits`: the transcript at `version`.
 * `segments` holds those changed since the stream's last event; after a split or merge
 * (`restructured`) it holds them all, in order, since positions moved.
 */
export const TranscriptChanges = z.object({ version: z.number(), restructured: z.boolean(), segments: z.array(ChangedSegment) });
export type TranscriptChanges = z.infer<typeof TranscriptChanges>;

/** `event: presence`: the others who have the transcript open, and the segment each is editing. */
export const TranscriptPresence = z.object({
  others: z.array(z.object({ client_id: z.string(), name: z.string(), segment_id: z.nullable(z.string()) })),
});
export type TranscriptPresence = z.infer<typeof TranscriptPresence>;

export const EditsStreamQuery = z.object({
  since: z.optional(z.string().check(z.regex(/^\d{1,9}$/, "Send the version you hold as a whole number."))),
  client_id: z.optional(z.string().check(z.regex(/^[A-Za-z0-9-]{8,64}$/, "Send the client id this page made."))),
});

/** How often an open editor says it is still there (`POST …/presence`); a page silent for three beats counts as closed. */
export const PRESENCE_BEAT_MS = 10_000;

/** `POST /api/transcriptions/{id}/presence`: this page is open, editing a segment or none; `left` when it closes. */
export const PresenceBeat = z.object({
  client_id: z.string().check(z.regex(/^[A-Za-z0-9-]{8,64}$/, "Send the client id this page made.")),
  segment_id: z.nullable(z.string().check(z.maxLength(64))),
  left: z.optional(z.boolean()),
});

/**
 * What a 409 of a save carries for each segment someone else changed since it was read: their
 * text and speaker now, its version, and who changed it (`by_you`: another tab of yours).
 */
export const SegmentConflict = z.object({
  id: z.string(),
  position: z.number(),
  version: z.number(),
  text: z.string(),
  speaker: z.nullable(z.string()),
  changed_by: z.nullable(z.string()),
  by_you: z.boolean(),
  /** the other change split or merged this segment: its text is a part, or a join, of what the editor read, so the editor's whole text cannot simply replace it */
  restructured: z.boolean(),
});
export type SegmentConflict = z.infer<typeof SegmentConflict>;

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
  /** `note`: why the hours are what they are, when that is not plain (a trial of several seats gives one seat's) */
  usage: z.object({ used_s: z.number(), limit_s: z.nullable(z.number()), remaining_s: z.nullable(z.number()), period_end: isoDate, note: z.nullable(z.string()) }),
  max_upload_mb: z.number(),
  /** "bucket": uploads go straight to the S3 bucket (direct uploads); "server": resumable through the web host */
  upload_route: z.enum(["bucket", "server"]),
  record_tab_mic: z.boolean(),
  /** words appear while recording (the plan has real_time_transcription) */
  live_transcription: z.boolean(),
});
export type TranscriptionOptions = z.infer<typeof TranscriptionOptions>;

// ---- Queries and bodies --------------------------------------------------------------

/** `GET /api/transcriptions?q=`: the user's transcriptions, or those matching every word of `q`. */
export const TranscriptionListQuery = z.object({
  q: z.optional(z.string().check(z.maxLength(SEARCH_TERM_MAX_CHARS, `A search can be at most ${SEARCH_TERM_MAX_CHARS} characters long.`))),
});

/** What a language code looks like (`en`, `pt-BR`, `yue`); whether it names a language, lib/transcription checks. */
export const LANGUAGE_CODE = /^[a-zA-Z]{2,3}(-[a-zA-Z0-9]{2,8})*$/;

/**
 * `POST /api/transcriptions?filename=…&language=…&source=recording&first_seconds=N&speakers=N&vocabulary=A,B`:
 * an upload sent whole; createTranscription checks the values (the source is one of two words;
 * `vocabulary` is terms for this upload alone, comma-separated).
 */
export const UploadQuery = z.object({
  filename: z.optional(z.string()),
  language: z.optional(z.string()),
  source: z._default(UploadSource, "upload"),
  first_seconds: z.optional(z.coerce.number()),
  speakers: z.optional(z.coerce.number()),
  vocabulary: z.optional(z.string().check(z.maxLength(2000, "Give at most 2,000 characters of terms."))),
});

/** `DELETE /api/transcriptions/{id}`: to Recently deleted; `?permanent=1` removes it (and its audio) for good. */
export const DeleteQuery = z.object({
  permanent: z.optional(
    z.enum(["1"], { error: 'Use "permanent=1" to delete for good, or leave it out to move the transcription to Recently deleted.' }),
  ),
});

/** `GET /api/transcriptions/events?since=`: the status stream, from the page's render time (an ISO time). */
export const TranscriptionEventsQuery = z.object({ since: z.optional(z.string()) });

/**
 * `GET /api/transcriptions/{id}/export?format=txt|md|pdf|docx|srt|vtt&timestamps=1&version=raw|formatted&tz=Europe/Berlin`,
 * as sent; exportTranscription checks the values, in an order the refusals depend on.
 */
export const ExportQuery = z.object({
  format: z.optional(z.string()),
  timestamps: z.optional(z.string()),
  version: z.optional(z.string()),
  tz: z.optional(z.string()),
});
export type ExportQuery = z.infer<typeof ExportQuery>;

const TITLE_MAX = 200;

/** A transcription's title, renamed or given when a recording starts: one line, 1–200 characters. */
export const Title = nameField(TITLE_MAX, { empty: "Enter a title.", tooLong: `Title must be ${TITLE_MAX} characters or fewer.` });

export const RenameBody = z.object({ title: Title });

export const MAX_SEGMENT_CHARS = 5000;
const SPEAKER_NAME_MAX = 60;

/** A speaker's name, as assigned to a segment or given in a rename: one line, runs of spaces collapsed. */
export const SpeakerName = z.pipe(
  nameField(SPEAKER_NAME_MAX, {
    empty: "Give the speaker a name.",
    tooLong: `Use at most ${SPEAKER_NAME_MAX} characters for a speaker name.`,
  }),
  z.transform((name: string) => name.replace(/\s+/g, " ")),
);

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

/**
 * The segment as it was read, for saves that may meet others' edits: its `id` finds it
 * wherever splits and merges moved it, and its `version` makes the save a conflict only if
 * that segment changed since. Without them, `position` and `base_version` name it, and any
 * split or merge since is a conflict.
 */
const segmentRead = {
  id: z.optional(z.string().check(z.minLength(1), z.maxLength(64))),
  version: z.optional(z.number().check(z.int(), z.gte(0))),
};

/** `PATCH /api/transcriptions/{id}/segments`: changes based on the version the editor holds. */
export const SegmentEdits = z.object({
  base_version: z.number({ error: "Send the version of the transcript you edited." }).check(z.int(), z.gte(0)),
  changes: z
    .array(
      z.object({
        position: z.number().check(z.int(), z.gte(0), z.lte(MAX_POSITION, `Segment positions go up to ${MAX_POSITION}.`)),
        ...segmentRead,
        text: z.optional(z.string().check(z.maxLength(MAX_SEGMENT_CHARS, `A segment may hold at most ${MAX_SEGMENT_CHARS} characters.`))),
        /** null: the segment has no speaker */
        speaker: z.optional(z.nullable(SpeakerName)),
        /** the places (from 0) of the segment's words the user reviewed and kept, the whole set, counted in its words as they are now (before a `text` sent with it; the words a new text keeps keep their marks) */
        reviewed: z.optional(
          z
            .array(z.number().check(z.int(), z.gte(0), z.lt(MAX_SEGMENT_CHARS, "Word places are whole numbers within the segment.")))
            .check(z.maxLength(MAX_SEGMENT_CHARS, "Name each reviewed word once.")),
        ),
      }),
    )
    .check(
      z.minLength(1, "Send at least one change."),
      z.maxLength(MAX_CHANGES_PER_SAVE, `Send at most ${MAX_CHANGES_PER_SAVE} changes in one save.`),
      z.refine((changes) => changes.reduce((sum, c) => sum + (c.text?.length ?? 0), 0) <= MAX_TEXT_PER_SAVE, {
        message: `Send at most ${MAX_TEXT_PER_SAVE} characters of text in one save.`,
      }),
    ),
});
export type SegmentEdits = z.infer<typeof SegmentEdits>;

const segmentPosition = z
  .number({ error: "Send the segment's position." })
  .check(z.int(), z.gte(0), z.lte(MAX_POSITION, `Segment positions go up to ${MAX_POSITION}.`));

/** `POST /api/transcriptions/{id}/segments`: split a segment before one of its words, or merge it with the next. */
export const SegmentStructureEdit = z.discriminatedUnion(
  "action",
  [
    z.object({
      action: z.literal("split"),
      base_version: SegmentEdits.shape.base_version,
      position: segmentPosition,
      ...segmentRead,
      word: z.number({ error: "Say where to split: the number of the word the new segment starts with." }).check(z.int()),
    }),
    z.object({
      action: z.literal("merge"),
      base_version: SegmentEdits.shape.base_version,
      position: segmentPosition,
      ...segmentRead,
      /** the next segment, which the merge joins to this one */
      next: z.optional(z.object(segmentRead)),
    }),
  ],
  { error: 'Choose an action: "split" or "merge".' },
);
export type SegmentStructureEdit = z.infer<typeof SegmentStructureEdit>;

/** `POST /api/transcriptions/{id}/format`. */
export const FormatRequest = z
  .object({
    level: z.enum(["basic", "advanced", "style"], { error: 'Choose a level: "basic", "advanced" or "style".' }),
    style_id: z.optional(z.string()),
  })
  .check(z.refine((r) => r.level !== "style" || Boolean(r.style_id), { message: "Choose the style to apply.", path: ["style_id"] }));
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
    .check(
      z.trim(),
      z.minLength(1, "Write the instructions for this style."),
      z.maxLength(STYLE_INSTRUCTIONS_MAX, `The instructions must be ${STYLE_INSTRUCTIONS_MAX} characters or fewer.`),
    ),
});
export type StyleInput = z.infer<typeof StyleInput>;
