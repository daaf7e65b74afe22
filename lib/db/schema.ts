import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  customType,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  real,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { DIARIZERS } from "./diarizers";
import { TRANSCRIPTION_STATUSES } from "./transcription-statuses";

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => "bytea",
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/** PostgreSQL's full-text document type; written only by SQL (migration 0017), never read as a value. */
const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });

const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
// The database's clock, not the writing host's: rows written by several hosts order by one clock.
const updatedAt = () =>
  timestamp("updated_at", { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => sql`now()`);

// ---- Better Auth tables (property names are the ones Better Auth expects) ----

export const users = pgTable(
  "users",
  {
    id: text("id").primaryKey(),
    name: text("name").notNull(),
    email: text("email").notNull().unique(),
    emailVerified: boolean("email_verified").notNull().default(false),
    image: text("image"),
    isAdmin: boolean("is_admin").notNull().default(false),
    isActive: boolean("is_active").notNull().default(true),
    onboardingSeenAt: timestamp("onboarding_seen_at", { withTimezone: true }),
    /** an e-mail when a long transcription finishes (a setting on the account page) */
    emailWhenDone: boolean("email_when_done").notNull().default(true),
    stripeCustomerId: text("stripe_customer_id").unique(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  // The admin list pages through users newest first.
  (t) => [index("users_created_at_idx").on(t.createdAt, t.id)],
);

export const sessions = pgTable(
  "sessions",
  {
    id: text("id").primaryKey(),
    token: text("token").notNull().unique(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    /** the workspace the dashboard shows (Better Auth's organization plugin); null: the personal space */
    activeWorkspaceId: text("active_organization_id"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("sessions_user_id_idx").on(t.userId)],
);

export const accounts = pgTable(
  "accounts",
  {
    id: text("id").primaryKey(),
    accountId: text("account_id").notNull(),
    providerId: text("provider_id").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    accessToken: text("access_token"),
    refreshToken: text("refresh_token"),
    idToken: text("id_token"),
    accessTokenExpiresAt: timestamp("access_token_expires_at", { withTimezone: true }),
    refreshTokenExpiresAt: timestamp("refresh_token_expires_at", { withTimezone: true }),
    scope: text("scope"),
    password: text("password"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("accounts_user_id_idx").on(t.userId)],
);

export const verifications = pgTable(
  "verifications",
  {
    id: text("id").primaryKey(),
    identifier: text("identifier").notNull(),
    value: text("value").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("verifications_identifier_idx").on(t.identifier)],
);

export const rateLimits = pgTable("rate_limits", {
  id: text("id").primaryKey(),
  key: text("key").notNull().unique(),
  count: integer("count").notNull(),
  lastRequest: bigint("last_request", { mode: "number" }).notNull(),
});

export const userAvatars = pgTable("user_avatars", {
  userId: text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  contentType: text("content_type").notNull(),
  data: bytea("data").notNull(),
  updatedAt: updatedAt(),
});

// ---- Plans and billing ----

export const languageTiers = pgTable("language_tiers", {
  id: text("id").primaryKey(),
  description: text("description").notNull(),
  /** language code → language name */
  languages: jsonb("languages").$type<Record<string, string>>().notNull(),
  sortOrder: integer("sort_order").notNull().default(0),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const plans = pgTable(
  "plans",
  {
    id: text("id").primaryKey(),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    priceMonthly: numeric("price_monthly", { precision: 10, scale: 2, mode: "number" })
      .notNull()
      .default(0),
    priceAnnual: numeric("price_annual", { precision: 10, scale: 2, mode: "number" })
      .notNull()
      .default(0),
    /** null means no fixed limit (enterprise: agreed per contract) */
    hoursPerMonth: numeric("hours_per_month", { precision: 10, scale: 2, mode: "number" }),
    features: jsonb("features").$type<string[]>().notNull().default([]),
    excludedFeatures: jsonb("excluded_features").$type<string[]>().notNull().default([]),
    languageTiers: jsonb("language_tiers").$type<string[]>().notNull().default([]),
    isPopular: boolean("is_popular").notNull().default(false),
    isActive: boolean("is_active").notNull().default(true),
    /** false for label-only plans (enterprise): shown, never sold through checkout */
    checkoutEnabled: boolean("checkout_enabled").notNull().default(true),
    stripePriceIdMonthly: text("stripe_price_id_monthly"),
    stripePriceIdAnnual: text("stripe_price_id_annual"),
    sortOrder: integer("sort_order").notNull().default(0),
    /** the plan of every user without a running subscription (one plan: free) */
    isDefault: boolean("is_default").notNull().default(false),
    /**
     * The tier order the plan-change rules follow: a higher rank is an upgrade (checkout), a
     * lower one a downgrade at the end of the period.
     */
    rank: integer("rank").notNull().default(0),
    /** offered in the onboarding / upgrade modal */
    inOnboardingModal: boolean("in_onboarding_modal").notNull().default(false),
    /** priced per workspace member: the price and the hours are per seat, and a subscription buys seats */
    perSeat: boolean("per_seat").notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  // At most one default plan.
  (t) => [uniqueIndex("plans_one_default_idx").on(t.isDefault).where(sql`${t.isDefault}`)],
);

export const subscriptions = pgTable(
  "subscriptions",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    planId: text("plan_id")
      .notNull()
      .references(() => plans.id),
    status: text("status", {
      enum: ["active", "trialing", "canceled", "past_due", "unpaid"],
    }).notNull(),
    billingInterval: text("billing_interval", { enum: ["monthly", "annual"] }).notNull(),
    /** who bills it: Stripe, or the built-in demo checkout used when no Stripe key is set */
    provider: text("provider", { enum: ["stripe", "demo"] }).notNull().default("stripe"),
    stripeSubscriptionId: text("stripe_subscription_id").unique(),
    /** the Stripe subscription schedule carrying a scheduled downgrade */
    stripeScheduleId: text("stripe_schedule_id"),
    /** when the status became past_due: paid features last a grace period from here */
    pastDueSince: timestamp("past_due_since", { withTimezone: true }),
    currentPeriodStart: timestamp("current_period_start", { withTimezone: true }),
    currentPeriodEnd: timestamp("current_period_end", { withTimezone: true }),
    trialEnd: timestamp("trial_end", { withTimezone: true }),
    cancelAtPeriodEnd: boolean("cancel_at_period_end").notNull().default(false),
    /** seats bought (per-seat plans; 1 otherwise): a workspace of this owner has at most this many members */
    seats: integer("seats").notNull().default(1),
    scheduledPlanChange: jsonb("scheduled_plan_change").$type<{
      plan_id: string;
      billing_interval: "monthly" | "annual";
      effective_at: string;
    } | null>(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("subscriptions_user_id_idx").on(t.userId)],
);

export const billingEvents = pgTable(
  "billing_events",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    eventType: text("event_type", {
      enum: [
        "subscription_created",
        "subscription_upgraded",
        "subscription_downgraded",
        "subscription_canceled",
        "scheduled_plan_change_effective",
        "seats_changed",
      ],
    }).notNull(),
    planId: text("plan_id"),
    billingInterval: text("billing_interval", { enum: ["monthly", "annual"] }),
    description: text("description").notNull().default(""),
    stripeSubscriptionId: text("stripe_subscription_id"),
    createdAt: createdAt(),
  },
  (t) => [index("billing_events_user_id_idx").on(t.userId)],
);

/** Checkouts of the demo provider (no Stripe key): opened, then completed or canceled on a local page. */
export const demoCheckoutSessions = pgTable("demo_checkout_sessions", {
  id: text("id").primaryKey(),
  userId: text("user_id")
    .notNull()
    .references(() => users.id, { onDelete: "cascade" }),
  planId: text("plan_id")
    .notNull()
    .references(() => plans.id),
  billingInterval: text("billing_interval", { enum: ["monthly", "annual"] }).notNull(),
  trialDays: integer("trial_days").notNull().default(0),
  status: text("status", { enum: ["open", "completed", "canceled"] }).notNull().default("open"),
  createdAt: createdAt(),
  completedAt: timestamp("completed_at", { withTimezone: true }),
});

export const processedWebhookEvents = pgTable("processed_webhook_events", {
  id: text("id").primaryKey(),
  type: text("type").notNull(),
  processedAt: timestamp("processed_at", { withTimezone: true }).notNull().defaultNow(),
});

export const settings = pgTable("settings", {
  key: text("key").primaryKey(),
  value: text("value").notNull(),
  description: text("description").notNull().default(""),
  updatedAt: updatedAt(),
});

/**
 * A counter per cached catalogue (e.g. the public plans): bumped in the transaction that edits
 * it, so every process's in-memory copy knows it is stale with one cheap read.
 */
export const cacheVersions = pgTable("cache_versions", {
  name: text("name").primaryKey(),
  version: bigint("version", { mode: "number" }).notNull().default(0),
});

/** Seconds of audio accepted for transcription per user and billing period. */
export const usage = pgTable(
  "usage",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    periodStart: timestamp("period_start", { withTimezone: true }).notNull(),
    secondsUsed: integer("seconds_used").notNull().default(0),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.periodStart] })],
);

/**
 * Every operator action in the admin panel: who, what, when, before and after. Actor and
 * target are plain text, not foreign keys, so the record outlives a deleted account.
 */
export const auditLog = pgTable(
  "audit_log",
  {
    id: text("id").primaryKey(),
    actorId: text("actor_id").notNull(),
    actorEmail: text("actor_email").notNull(),
    action: text("action").notNull(),
    targetType: text("target_type").notNull(),
    targetId: text("target_id").notNull(),
    summary: text("summary").notNull(),
    before: jsonb("before").$type<Record<string, unknown> | null>(),
    after: jsonb("after").$type<Record<string, unknown> | null>(),
    createdAt: createdAt(),
  },
  (t) => [index("audit_log_created_at_idx").on(t.createdAt)],
);

export type User = typeof users.$inferSelect;
export type AuditEntry = typeof auditLog.$inferSelect;
export type Plan = typeof plans.$inferSelect;
export type LanguageTier = typeof languageTiers.$inferSelect;
export type Subscription = typeof subscriptions.$inferSelect;
export type BillingEvent = typeof billingEvents.$inferSelect;
export type Setting = typeof settings.$inferSelect;

// ---- Transcription ----


export const FORMAT_LEVELS = ["basic", "advanced", "style"] as const;
export type FormatLevel = (typeof FORMAT_LEVELS)[number];

export const transcriptions = pgTable(
  "transcriptions",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    status: text("status", { enum: TRANSCRIPTION_STATUSES }).notNull().default("queued"),
    /** 0–100 while processing */
    progress: integer("progress").notNull().default(0),
    /** long audio is transcribed in pieces; the finished ones are readable while the rest run */
    piecesDone: integer("pieces_done").notNull().default(0),
    piecesTotal: integer("pieces_total").notNull().default(0),
    /** requested language code; null asks the engine to detect it */
    language: text("language"),
    detectedLanguage: text("detected_language"),
    engine: text("engine"),
    /** what the upload claimed until a worker has decoded it, then its exact length */
    durationS: numeric("duration_s", { precision: 10, scale: 2, mode: "number" }).notNull(),
    /** the normalised 16 kHz copy is in the store (a worker makes it from the original) */
    audioReady: boolean("audio_ready").notNull().default(true),
    /** seconds reserved against the plan's hours when the job was accepted */
    reservedSeconds: integer("reserved_seconds").notNull(),
    /** the user chose to transcribe only the first this many seconds (the rest did not fit the plan) */
    firstSeconds: integer("first_seconds"),
    usagePeriodStart: timestamp("usage_period_start", { withTimezone: true }).notNull(),
    audioKey: text("audio_key").notNull(),
    originalFilename: text("original_filename").notNull(),
    contentType: text("content_type").notNull(),
    sizeBytes: bigint("size_bytes", { mode: "number" }).notNull(),
    source: text("source", { enum: ["upload", "recording"] }).notNull().default("upload"),
    error: text("error"),
    /** how many speakers the user said there are (1 skips speaker detection); null: detect */
    speakersExpected: integer("speakers_expected"),
    /** the vocabulary the engines were given, taken when it was accepted (its space's, its uploader's and its own terms: lib/vocabulary) */
    vocabulary: jsonb("vocabulary").$type<VocabularyTerm[]>().notNull().default([]),
    /** the replacement rules applied after recognition, taken when it was accepted */
    replacements: jsonb("replacements").$type<ReplacementRule[]>().notNull().default([]),
    /** which speaker detector labelled the segments ("sherpa-onnx", "basic"); null: none ran */
    diarizer: text("diarizer", { enum: DIARIZERS }),
    /** one sentence when speakers could not be told apart (the transcript is kept without them) */
    speakersNote: text("speakers_note"),
    /** the transcript's text as far as search reads it (its first 50,000 characters: lib/transcription/search.ts) */
    transcriptText: text("transcript_text").notNull().default(""),
    /** bumped by every edit of the segments; each segment keeps the version it last changed in */
    version: integer("version").notNull().default(0),
    /** the version of the last split or merge: positions from before it may name other segments */
    structureVersion: integer("structure_version").notNull().default(0),
    /** the formatted version (Markdown); the segments stay the raw transcript */
    formattedMarkdown: text("formatted_markdown"),
    formattedLevel: text("formatted_level", { enum: FORMAT_LEVELS }),
    formattedStyleName: text("formatted_style_name"),
    /** the segments' version the formatted text was made from, to tell when it is out of date */
    formattedFromVersion: integer("formatted_from_version"),
    formattedAt: timestamp("formatted_at", { withTimezone: true }),
    completedAt: timestamp("completed_at", { withTimezone: true }),
    /** the workspace it belongs to (null: its uploader's personal space); its members may read it, and all but viewers edit it */
    workspaceId: text("workspace_id").references(() => workspaces.id, { onDelete: "set null" }),
    folderId: text("folder_id").references(() => folders.id, { onDelete: "set null" }),
    /** whose hours it used (a workspace's owner when it was made in a workspace); null: its uploader's. Refunds go back there. */
    billedUserId: text("billed_user_id").references(() => users.id, { onDelete: "set null" }),
    /** set while it is in Recently deleted (lib/transcription/deletion.ts): to its owner it is gone, until restored or purged */
    deletedAt: timestamp("deleted_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("transcriptions_user_created_idx").on(t.userId, t.createdAt),
    index("transcriptions_workspace_created_idx").on(t.workspaceId, t.createdAt).where(sql`${t.workspaceId} is not null`),
    // Only the few in Recently deleted: the purge finds the expired ones without reading the rest.
    index("transcriptions_deleted_idx").on(t.deletedAt).where(sql`${t.deletedAt} is not null`),
  ],
);

/**
 * What search looks transcriptions up by: the title and the start of the transcript as a
 * tsvector, kept by a trigger on `transcriptions` (migration 0017 says how the words are cut).
 * A table of its own so that reading a transcription never fetches it; with the owner, so a
 * search reads one user's documents only.
 */
export const transcriptionSearch = pgTable(
  "transcription_search",
  {
    transcriptionId: text("transcription_id")
      .primaryKey()
      .references(() => transcriptions.id, { onDelete: "cascade" }),
    userId: text("user_id").notNull(),
    document: tsvector("document").notNull(),
  },
  (t) => [index("transcription_search_document_idx").using("gin", t.document), index("transcription_search_user_idx").on(t.userId)],
);

export interface WordTiming {
  word: string;
  start_ms: number;
  end_ms: number;
  confidence?: number;
  /** the user went over this uncertain word in the review and kept it (or wrote it anew): its mark is gone */
  reviewed?: boolean;
  /** the first word a replacement rule or a "sounds like" hint wrote: what the engine heard there, for the editor to show and undo */
  replaced_from?: string;
  /** with replaced_from: how many words, from this one, the replacement wrote */
  replaced_words?: number;
}

/** A word or name the engines should hear, as the user spells it, and how it may sound to an engine that hears it otherwise. */
export interface VocabularyTerm {
  term: string;
  sounds_like: string[];
}

/** A find → replace rule applied to a transcript after recognition: whole words, any case. */
export interface ReplacementRule {
  find: string;
  replace: string;
}

export const transcriptSegments = pgTable(
  "transcript_segments",
  {
    id: text("id").primaryKey(),
    transcriptionId: text("transcription_id")
      .notNull()
      .references(() => transcriptions.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    startMs: integer("start_ms").notNull(),
    endMs: integer("end_ms").notNull(),
    text: text("text").notNull(),
    words: jsonb("words").$type<WordTiming[]>(),
    confidence: real("confidence"),
    speaker: text("speaker"),
    /** the transcription's version when this segment's text, speaker or extent last changed: a save based on an older one is a conflict */
    changedVersion: integer("changed_version").notNull().default(0),
    /** who made that change (null: the engine) */
    changedBy: text("changed_by").references(() => users.id, { onDelete: "set null" }),
  },
  (t) => [
    index("transcript_segments_transcription_idx").on(t.transcriptionId, t.position),
    // What an open editor reads when told the transcript changed: the segments changed since its version.
    index("transcript_segments_changed_idx").on(t.transcriptionId, t.changedVersion),
  ],
);

/**
 * Who has a transcript open, and in which segment: each open editor says so every
 * PRESENCE_BEAT_MS (lib/api/contract); rows older than a few beats are gone.
 */
export const transcriptPresence = pgTable(
  "transcript_presence",
  {
    transcriptionId: text("transcription_id")
      .notNull()
      .references(() => transcriptions.id, { onDelete: "cascade" }),
    /** one per open page, made by the page: one person may have it open twice */
    clientId: text("client_id").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** the segment being edited (its id), null: reading */
    segmentId: text("segment_id"),
    seenAt: timestamp("seen_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.transcriptionId, t.clientId] })],
);

/**
 * The voices a speaker detector found in one transcription, numbered in order of first
 * appearance: the name its segments carry (renamed with them), how long it spoke and its
 * voice embedding, which later transcriptions compare with the user's voice profiles.
 */
export const transcriptSpeakers = pgTable(
  "transcript_speakers",
  {
    transcriptionId: text("transcription_id")
      .notNull()
      .references(() => transcriptions.id, { onDelete: "cascade" }),
    /** 0-based, in order of first appearance */
    speaker: integer("speaker").notNull(),
    /** the name its segments carry: "Speaker 1" until the user names it */
    name: text("name").notNull(),
    seconds: real("seconds").notNull(),
    embedding: real("embedding").array().notNull(),
    /** the user said a suggested voice profile is not this speaker */
    suggestionDismissed: boolean("suggestion_dismissed").notNull().default(false),
  },
  (t) => [primaryKey({ columns: [t.transcriptionId, t.speaker] })],
);

/**
 * A named voice the user saved ("This is Maya"): later transcriptions suggest the name for a
 * speaker whose embedding is close enough. Embeddings of different detectors live in
 * different spaces, so a profile is compared only with speakers of its own detector.
 */
export const voiceProfiles = pgTable(
  "voice_profiles",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    diarizer: text("diarizer", { enum: DIARIZERS }).notNull(),
    /** unit-length mean of the embeddings saved under this name */
    embedding: real("embedding").array().notNull(),
    /** how many speakers were saved into it (the mean's weight) */
    samples: integer("samples").notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("voice_profiles_user_name_diarizer").on(t.userId, t.name, t.diarizer)],
);

export const JOB_STATUSES = ["queued", "running", "done", "failed", "canceled"] as const;
/**
 * What a job does: transcribe a file (decoding it first when it was just uploaded), format a
 * transcript with the language model, send a mail, or transcribe a recording live while it
 * is made. Every slow step runs on a worker.
 */
export const JOB_KINDS = ["transcribe", "format", "mail", "live", "webhook"] as const;
export type JobKind = (typeof JOB_KINDS)[number];

/** The durable queue: claimed with FOR UPDATE SKIP LOCKED, leased, retried with backoff. */
export const jobs = pgTable(
  "jobs",
  {
    id: text("id").primaryKey(),
    kind: text("kind", { enum: JOB_KINDS }).notNull().default("transcribe"),
    /** the file a transcribe or format job works on */
    transcriptionId: text("transcription_id").references(() => transcriptions.id, { onDelete: "cascade" }),
    /** whose job it is, where one user may hold only one at a time (formatting) */
    userId: text("user_id").references(() => users.id, { onDelete: "cascade" }),
    /**
     * whose turn it uses when lanes serve accounts in turn: the payer of the work (a
     * workspace's owner for its files), a mail's recipient; null shares one turn
     */
    account: text("account"),
    /** what the kind needs beyond the ids (a format request, a mail) */
    payload: jsonb("payload"),
    /** higher runs first (premium's priority queue) */
    priority: integer("priority").notNull().default(0),
    status: text("status", { enum: JOB_STATUSES }).notNull().default("queued"),
    attempts: integer("attempts").notNull().default(0),
    maxAttempts: integer("max_attempts").notNull().default(4),
    runAfter: timestamp("run_after", { withTimezone: true }).notNull().defaultNow(),
    lockedBy: text("locked_by"),
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    lastError: text("last_error"),
    /** when a worker first took it: how long it waited */
    startedAt: timestamp("started_at", { withTimezone: true }),
    /** when it ended (done, failed or canceled): how long it ran, and what retention counts from */
    finishedAt: timestamp("finished_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("jobs_finished_idx").on(t.status, t.finishedAt).where(sql`finished_at is not null`),
    index("jobs_created_idx").on(t.createdAt),
    index("jobs_started_idx").on(t.startedAt).where(sql`started_at is not null`),
    index("jobs_claim_idx").on(t.kind, t.status, t.priority, t.runAfter),
    index("jobs_account_idx").on(t.account, t.kind, t.status),
    uniqueIndex("jobs_one_transcribe_per_file").on(t.transcriptionId).where(sql`kind = 'transcribe'`),
    // One language-model formatting per user at a time, whichever web host asks.
    uniqueIndex("jobs_one_open_format_per_user").on(t.userId).where(sql`kind = 'format' and status in ('queued', 'running')`),
  ],
);

/**
 * When each account was last served by each lane (a job or a long file's piece claimed): the
 * lanes serve the account served longest ago first, so one account's backlog never starves
 * another's (lib/jobs/store.ts `claim`).
 */
export const queueTurns = pgTable(
  "queue_turns",
  {
    lane: text("lane").notNull(),
    account: text("account").notNull(),
    servedAt: timestamp("served_at", { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.lane, t.account] }), index("queue_turns_served_idx").on(t.servedAt)],
);

export const PIECE_STATUSES = ["queued", "running", "done", "failed"] as const;

/**
 * The pieces of a long file while its job runs: any worker running the same engine takes a
 * queued piece (or one whose lease ran out), fetches just its bytes from the audio store and
 * stores its text here; the worker holding the job merges them once all are done. Gone when
 * the job ends.
 */
export const transcriptionPieces = pgTable(
  "transcription_pieces",
  {
    transcriptionId: text("transcription_id")
      .notNull()
      .references(() => transcriptions.id, { onDelete: "cascade" }),
    idx: integer("idx").notNull(),
    startMs: integer("start_ms").notNull(),
    endMs: integer("end_ms").notNull(),
    status: text("status", { enum: PIECE_STATUSES }).notNull().default("queued"),
    /** the language to transcribe it in; null: the engine detects */
    language: text("language"),
    attempts: integer("attempts").notNull().default(0),
    lockedBy: text("locked_by"),
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    /** the engine's segments, in times from the start of the file */
    segments: jsonb("segments").$type<Array<{ startMs: number; endMs: number; text: string; words?: WordTiming[]; confidence?: number }>>(),
    /** the language the engine heard in it */
    heardLanguage: text("heard_language"),
    error: text("error"),
  },
  (t) => [primaryKey({ columns: [t.transcriptionId, t.idx] }), index("transcription_pieces_status_idx").on(t.status)],
);

/**
 * Worker processes alive, on whichever host: each writes what it can do and a heartbeat
 * (`seen_at`, the database's clock) while it runs, and removes its row when it stops. A row
 * not seen for a while belongs to a worker that died.
 */
export const workers = pgTable("workers", {
  id: text("id").primaryKey(),
  host: text("host").notNull(),
  /** the engine it transcribes with; null when none is available there */
  engine: text("engine"),
  /** why it has no engine */
  problem: text("problem"),
  /** pieces it runs at once */
  capacity: integer("capacity").notNull().default(1),
  /** the job it is on, if any */
  currentJobId: text("current_job_id"),
  /** live recordings it transcribes at once (LIVE_SESSIONS_PER_WORKER; 0 when its engine cannot) */
  liveCapacity: integer("live_capacity").notNull().default(0),
  startedAt: timestamp("started_at", { withTimezone: true }).notNull().defaultNow(),
  seenAt: timestamp("seen_at", { withTimezone: true }).notNull().defaultNow(),
  /** its speech model download as it last reported it (state, percent, problem) */
  modelStatus: jsonb("model_status"),
  /** an operator asked for the model download again; the worker clears it when it starts one */
  modelRetryRequested: boolean("model_retry_requested").notNull().default(false),
});

/**
 * Periodic work shared by all workers (the demo billing clock, sweeps, retention): whichever
 * worker first finds an entry due moves `next_run_at` on and runs it, so it runs once per period.
 */
export const jobSchedules = pgTable("job_schedules", {
  name: text("name").primaryKey(),
  nextRunAt: timestamp("next_run_at", { withTimezone: true }).notNull().defaultNow(),
  lastRunAt: timestamp("last_run_at", { withTimezone: true }),
  lastError: text("last_error"),
});

/** A premium user's named formatting instructions. */
export const transcriptionStyles = pgTable(
  "transcription_styles",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    instructions: text("instructions").notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("transcription_styles_user_name_idx").on(t.userId, t.name)],
);

/**
 * An upload whose bytes go to a web host's disk: a tus upload (until it is accepted, refused,
 * canceled or expires) or a raw body (for its request). Its id is the transcription's. With
 * `direct_uploads` these are a user's open uploads, which `lib/uploads/open-uploads.ts` caps:
 * each is added under a lock of the user's row, after counting, so racing starts cannot all pass.
 */
export const stagedUploads = pgTable(
  "staged_uploads",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    way: text("way", { enum: ["tus", "raw"] }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("staged_uploads_user_idx").on(t.userId)],
);

/**
 * An upload a browser is sending straight to the bucket (S3_DIRECT_UPLOADS): the multipart
 * upload the web host started for it, and what the file will become. Its id is the
 * transcription's. Removed when completed, canceled, or abandoned for a day (then aborted in the bucket).
 */
export const directUploads = pgTable(
  "direct_uploads",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    objectKey: text("object_key").notNull(),
    bucketUploadId: text("bucket_upload_id").notNull(),
    sizeBytes: bigint("size_bytes", { mode: "number" }).notNull(),
    partBytes: integer("part_bytes").notNull(),
    filename: text("filename").notNull(),
    contentType: text("content_type").notNull(),
    language: text("language"),
    source: text("source", { enum: ["upload", "recording"] }).notNull(),
    firstSeconds: integer("first_seconds"),
    /** how many speakers the user said there are; null: detect */
    speakersExpected: integer("speakers_expected"),
    /** terms for this upload alone, besides its space's vocabulary */
    vocabulary: jsonb("vocabulary").$type<string[]>().notNull().default([]),
    /** the workspace it was started in, where it lands (null: the personal space) */
    workspaceId: text("workspace_id").references(() => workspaces.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [index("direct_uploads_created_idx").on(t.createdAt), index("direct_uploads_user_idx").on(t.userId)],
);

export type DirectUpload = typeof directUploads.$inferSelect;

/**
 * The parts of a direct upload the browser says arrived, with the ETag the bucket answered.
 * Not taken on trust: completing the upload hands these to the bucket, which refuses an ETag
 * that is not its part's, and the finished object's size is checked against the file's.
 */
export const directUploadParts = pgTable(
  "direct_upload_parts",
  {
    uploadId: text("upload_id")
      .notNull()
      .references(() => directUploads.id, { onDelete: "cascade" }),
    number: integer("number").notNull(),
    etag: text("etag").notNull(),
  },
  (t) => [primaryKey({ columns: [t.uploadId, t.number] })],
);
/**
 * A resumable (tus) upload when audio is kept in a bucket: its bytes go straight into one S3
 * multipart upload, part by part, and its state is here, so any web host takes any request of
 * it and it outlives the host that started it. Bytes past the last whole part (a request cut
 * off, or sent in small pieces) wait in the bucket as one object, named by the offset it ends
 * at, until the part is whole. Requests of one upload take turns with a lease on this row (`lockToken` until
 * `lockedUntil`); one that wants it while another holds it sets `releaseWanted`.
 */
export const bucketTusUploads = pgTable(
  "bucket_tus_uploads",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    objectKey: text("object_key").notNull(),
    bucketUploadId: text("bucket_upload_id").notNull(),
    sizeBytes: bigint("size_bytes", { mode: "number" }).notNull(),
    partBytes: integer("part_bytes").notNull(),
    offsetBytes: bigint("offset_bytes", { mode: "number" }).notNull().default(0),
    tailBytes: integer("tail_bytes").notNull().default(0),
    metadata: jsonb("metadata").$type<Record<string, string | null>>().notNull(),
    lockToken: text("lock_token"),
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    releaseWanted: boolean("release_wanted").notNull().default(false),
    /** when a request began accepting the whole file (the row stays until it is accepted or refused) */
    finishingSince: timestamp("finishing_since", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index("bucket_tus_uploads_created_idx").on(t.createdAt)],
);

export type BucketTusUpload = typeof bucketTusUploads.$inferSelect;

/** The whole parts of a bucket tus upload, with the ETag the bucket answered each with. */
export const bucketTusParts = pgTable(
  "bucket_tus_parts",
  {
    uploadId: text("upload_id")
      .notNull()
      .references(() => bucketTusUploads.id, { onDelete: "cascade" }),
    number: integer("number").notNull(),
    etag: text("etag").notNull(),
  },
  (t) => [primaryKey({ columns: [t.uploadId, t.number] })],
);

export type TranscriptionStyle = typeof transcriptionStyles.$inferSelect;
export type Transcription = typeof transcriptions.$inferSelect;
export type TranscriptSegment = typeof transcriptSegments.$inferSelect;
export type Job = typeof jobs.$inferSelect;

/**
 * A recording transcribed while it is made: the browser sends 16 kHz mono PCM in numbered
 * chunks; a worker with a free live slot feeds them to its engine and writes the utterances
 * it hears. Gone (with its chunks and utterances) when the full transcription is stored.
 */
export const liveSessions = pgTable("live_sessions", {
  transcriptionId: text("transcription_id")
    .primaryKey()
    .references(() => transcriptions.id, { onDelete: "cascade" }),
  userId: text("user_id")
    .notNull()
    .references(() => users.id, { onDelete: "cascade" }),
  /** a worker transcribes it as it arrives; false: recorded now, transcribed after it stops */
  live: boolean("live").notNull(),
  /** why it is not live, in a sentence for the user */
  notLiveReason: text("not_live_reason"),
  /** chunks received (each LIVE_CHUNK_MS of audio) */
  chunks: integer("chunks").notNull().default(0),
  /** whole seconds reserved against the plan so far */
  reservedSeconds: integer("reserved_seconds").notNull().default(0),
  /** the words the engine may still change, after the utterances */
  pending: text("pending").notNull().default(""),
  /** the engine that made the live text: the full-quality pass keeps the live text where the same engine was surer of it */
  engine: text("engine"),
  /** the last chunk or keep-alive from the browser, by the database's clock: silent for long, the recording is interrupted (lib/recordings/recording.ts) */
  lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
  /** the last chunk: paused with its page still there, a recording ends once this is 15 minutes behind lastSeenAt, so it does not hold a live slot (lib/recordings/recording.ts) */
  lastAudioAt: timestamp("last_audio_at", { withTimezone: true }).notNull().defaultNow(),
  /** the audio (ms from the start) the live text shown so far covers: a discard keeps these seconds billed */
  shownMs: integer("shown_ms").notNull().default(0),
  /**
   * its live slot was given back after nothing arrived for a while: the engine had heard the
   * chunks before this one, and the next chunk asks for a slot again; null: holds one, or not live
   */
  slotReleasedAtChunk: integer("slot_released_at_chunk"),
  stoppedAt: timestamp("stopped_at", { withTimezone: true }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
}, (t) => [
  // One recording per user at a time, even when two tabs start at once.
  uniqueIndex("live_sessions_one_open_per_user").on(t.userId).where(sql`stopped_at is null`),
]);

/** The audio of a live recording as it arrived: chunk `seq` starts at seq × LIVE_CHUNK_MS. */
export const liveChunks = pgTable(
  "live_chunks",
  {
    transcriptionId: text("transcription_id")
      .notNull()
      .references(() => transcriptions.id, { onDelete: "cascade" }),
    seq: integer("seq").notNull(),
    pcm: bytea("pcm").notNull(),
  },
  (t) => [primaryKey({ columns: [t.transcriptionId, t.seq] })],
);

/** What the live engine heard, utterance by utterance: the draft until the full transcription replaces it. */
export const liveUtterances = pgTable(
  "live_utterances",
  {
    transcriptionId: text("transcription_id")
      .notNull()
      .references(() => transcriptions.id, { onDelete: "cascade" }),
    idx: integer("idx").notNull(),
    startMs: integer("start_ms").notNull(),
    endMs: integer("end_ms").notNull(),
    text: text("text").notNull(),
    words: jsonb("words").$type<WordTiming[]>(),
    confidence: real("confidence"),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.transcriptionId, t.idx] })],
);
export type LiveUtterance = typeof liveUtterances.$inferSelect;
export type LiveSession = typeof liveSessions.$inferSelect;

// ---- Workspaces (Better Auth's organization plugin, told our field names in lib/auth/auth.ts; the columns keep its names) ----

export const workspaces = pgTable("workspaces", {
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  slug: text("slug").notNull().unique(),
  logo: text("logo"),
  metadata: text("metadata"),
  createdAt: createdAt(),
});


export const workspaceMembers = pgTable(
  "workspace_members",
  {
    id: text("id").primaryKey(),
    workspaceId: text("organization_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    role: text("role").notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("workspace_members_one_per_user").on(t.workspaceId, t.userId), index("workspace_members_user_idx").on(t.userId)],
);

export const workspaceInvitations = pgTable(
  "workspace_invitations",
  {
    id: text("id").primaryKey(),
    workspaceId: text("organization_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    role: text("role").notNull(),
    status: text("status").notNull().default("pending"),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    inviterId: text("inviter_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [index("workspace_invitations_org_idx").on(t.workspaceId), index("workspace_invitations_email_idx").on(t.email)],
);

/** Folders organise a workspace's transcriptions; deleting one leaves its transcriptions unfiled. */
export const folders = pgTable(
  "folders",
  {
    id: text("id").primaryKey(),
    workspaceId: text("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("folders_workspace_name").on(t.workspaceId, t.name)],
);

export type Workspace = typeof workspaces.$inferSelect;
export type WorkspaceMember = typeof workspaceMembers.$inferSelect;
export type Folder = typeof folders.$inferSelect;

// ---- Share links, API keys, webhooks ----

/** A read-only link to one transcript; the token is the capability (>= 128 bits, only its hash is kept). */
export const shareLinks = pgTable(
  "share_links",
  {
    id: text("id").primaryKey(),
    transcriptionId: text("transcription_id")
      .notNull()
      .references(() => transcriptions.id, { onDelete: "cascade" }),
    createdBy: text("created_by")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull().unique(),
    allowExport: boolean("allow_export").notNull().default(true),
    showSpeakers: boolean("show_speakers").notNull().default(true),
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    lastOpenedAt: timestamp("last_opened_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index("share_links_transcription_idx").on(t.transcriptionId)],
);

export const API_KEY_SCOPES = ["read", "write"] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];

/** A user's (or a workspace's) key for the REST API: shown once, kept as a SHA-256 hash. */
export const apiKeys = pgTable(
  "api_keys",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** the space the key acts in: null is its user's personal space */
    workspaceId: text("workspace_id").references(() => workspaces.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    /** the first characters of the key, to tell keys apart in lists */
    prefix: text("prefix").notNull(),
    tokenHash: text("token_hash").notNull().unique(),
    scope: text("scope", { enum: API_KEY_SCOPES }).notNull(),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index("api_keys_user_idx").on(t.userId)],
);

export const WEBHOOK_EVENTS = ["transcription.done", "transcription.failed"] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];
/** What a delivery can carry: an event, or the test ping its owner asked for (never subscribed to). */
export const WEBHOOK_DELIVERY_EVENTS = [...WEBHOOK_EVENTS, "webhook.ping"] as const;
export type WebhookDeliveryEvent = (typeof WEBHOOK_DELIVERY_EVENTS)[number];

/** A URL called when a transcription of its space is done or failed (signed, retried). */
export const webhooks = pgTable(
  "webhooks",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    workspaceId: text("workspace_id").references(() => workspaces.id, { onDelete: "cascade" }),
    url: text("url").notNull(),
    /** the signing secret (whsec_…): kept readable because every delivery is signed with it */
    secret: text("secret").notNull(),
    events: jsonb("events").$type<WebhookEvent[]>().notNull(),
    /** failed attempts in a row, whichever delivery (reset by a 2xx or by enabling it again) */
    consecutiveFailures: integer("consecutive_failures").notNull().default(0),
    /** backing off after a failure: no attempt before this time, its deliveries wait in the queue */
    pausedUntil: timestamp("paused_until", { withTimezone: true }),
    /** disabled after too many failures in a row; its owner enables it again */
    disabledAt: timestamp("disabled_at", { withTimezone: true }),
    /** one delivery to it is under way until this time (the cap of one at a time; it lapses if its worker dies) */
    sendingUntil: timestamp("sending_until", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index("webhooks_user_idx").on(t.userId), index("webhooks_workspace_idx").on(t.workspaceId)],
);

export const WEBHOOK_DELIVERY_STATUSES = ["pending", "delivered", "failed"] as const;

/** What one try of a delivery came to: sent (delivered, an error status, a timeout, another failure) or held back without a call. */
export const DELIVERY_ATTEMPT_OUTCOMES = ["delivered", "status", "timeout", "error", "paused", "disabled"] as const;
export interface DeliveryAttempt {
  at: string;
  outcome: (typeof DELIVERY_ATTEMPT_OUTCOMES)[number];
  /** the answer's HTTP status, if one came */
  status: number | null;
  /** the log's sentence for anything but a delivery */
  message: string | null;
}

export const webhookDeliveries = pgTable(
  "webhook_deliveries",
  {
    id: text("id").primaryKey(),
    webhookId: text("webhook_id")
      .notNull()
      .references(() => webhooks.id, { onDelete: "cascade" }),
    event: text("event", { enum: WEBHOOK_DELIVERY_EVENTS }).notNull(),
    transcriptionId: text("transcription_id"),
    payload: jsonb("payload").$type<Record<string, unknown>>().notNull(),
    status: text("status", { enum: WEBHOOK_DELIVERY_STATUSES }).notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    responseStatus: integer("response_status"),
    error: text("error"),
    /** each attempt's outcome, and each time it was held back (its endpoint backing off or disabled), oldest first */
    attemptLog: jsonb("attempt_log").$type<DeliveryAttempt[]>().notNull().default([]),
    deliveredAt: timestamp("delivered_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("webhook_deliveries_webhook_idx").on(t.webhookId, t.createdAt)],
);

export type ShareLink = typeof shareLinks.$inferSelect;
export type ApiKey = typeof apiKeys.$inferSelect;
export type Webhook = typeof webhooks.$inferSelect;
export type WebhookDelivery = typeof webhookDeliveries.$inferSelect;

/**
 * A space's vocabulary (lib/vocabulary/terms.ts): a user's personal list (ownerUserId) or a
 * workspace's (workspaceId), exactly one of the two. A workspace's list outlives whoever added
 * a term; its owner and admins manage it.
 */
export const vocabularyTerms = pgTable(
  "vocabulary_terms",
  {
    id: text("id").primaryKey(),
    ownerUserId: text("owner_user_id").references(() => users.id, { onDelete: "cascade" }),
    workspaceId: text("workspace_id").references(() => workspaces.id, { onDelete: "cascade" }),
    term: text("term").notNull(),
    soundsLike: jsonb("sounds_like").$type<string[]>().notNull().default([]),
    createdAt: createdAt(),
  },
  (t) => [
    check("vocabulary_terms_one_space", sql`(${t.ownerUserId} is null) <> (${t.workspaceId} is null)`),
    uniqueIndex("vocabulary_terms_user_term_idx").on(t.ownerUserId, sql`lower(${t.term})`).where(sql`${t.ownerUserId} is not null`),
    uniqueIndex("vocabulary_terms_workspace_term_idx").on(t.workspaceId, sql`lower(${t.term})`).where(sql`${t.workspaceId} is not null`),
  ],
);

export type VocabularyTermRow = typeof vocabularyTerms.$inferSelect;

/** A space's replacement rules (lib/vocabulary/rules.ts), owned like its vocabulary. */
export const replacementRules = pgTable(
  "replacement_rules",
  {
    id: text("id").primaryKey(),
    ownerUserId: text("owner_user_id").references(() => users.id, { onDelete: "cascade" }),
    workspaceId: text("workspace_id").references(() => workspaces.id, { onDelete: "cascade" }),
    find: text("find").notNull(),
    replace: text("replace").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    check("replacement_rules_one_space", sql`(${t.ownerUserId} is null) <> (${t.workspaceId} is null)`),
    uniqueIndex("replacement_rules_user_find_idx").on(t.ownerUserId, sql`lower(${t.find})`).where(sql`${t.ownerUserId} is not null`),
    uniqueIndex("replacement_rules_workspace_find_idx").on(t.workspaceId, sql`lower(${t.find})`).where(sql`${t.workspaceId} is not null`),
  ],
);

export type ReplacementRuleRow = typeof replacementRules.$inferSelect;
