import { z } from "zod";

/**
 * Every environment variable Verbatim reads, declared once: how it is parsed (with its
 * default), what it means, and how `.env.example` and the README's configuration table
 * show it (both are generated from this list: `npm run docs:config`, checked by a test).
 */
export interface Variable {
  schema: z.ZodType;
  /** one or more sentences, shown as the README's "meaning" and as the .env.example comment */
  doc: string;
  /** the README's "default" column */
  shownDefault: string;
  /** the value written in .env.example ("" leaves it blank) */
  example?: string;
  /** .env.example groups variables under these headings */
  section: string;
  /** read only by the test suite, not by the app */
  testOnly?: boolean;
}

/** Treats an empty string like an unset variable, as `.env` files often leave them blank. */
const optional = () =>
  z
    .string()
    .optional()
    .transform((v) => (v && v.trim() !== "" ? v.trim() : undefined));

const withDefault = (fallback: string) =>
  z
    .string()
    .optional()
    .transform((v) => (v && v.trim() !== "" ? v.trim() : fallback));

const bool = (fallback: boolean) =>
  z
    .enum(["true", "false", ""])
    .optional()
    .transform((v) => (v ? v === "true" : fallback));

/**
 * One of `values` or `fallback` (case and spaces ignored); blank means `fallback`. Anything
 * else stops the start (lib/env parseEnv), saying what is allowed: a typo must not quietly
 * choose something else.
 */
const oneOf = <const V extends string, const F extends string>(values: readonly V[], fallback: F) => {
  const allowed: readonly string[] = [...values, fallback];
  return z
    .string()
    .optional()
    .transform((v, ctx): V | F => {
      const value = (v ?? "").trim().toLowerCase();
      if (value === "") return fallback;
      if (allowed.includes(value)) return value as V | F;
      ctx.addIssue({ code: "custom", message: `must be one of ${allowed.join(", ")} (it is "${v}"); leave it unset for ${fallback}.` });
      return z.NEVER;
    });
};

/** A whole number above 0, or undefined when blank; any other value stops the start, saying so. */
const wholeNumber = (v: string | undefined, ctx: z.RefinementCtx, unset: string): number | undefined => {
  if (!v || v.trim() === "") return undefined;
  if (/^\s*\d+\s*$/.test(v) && Number(v) > 0) return Number(v);
  ctx.addIssue({ code: "custom", message: `must be a whole number above 0 (it is "${v}"); leave it unset for ${unset}.` });
  return z.NEVER;
};

/** A whole number above 0; blank means `fallback`. */
const positiveInt = (fallback: number) =>
  z
    .string()
    .optional()
    .transform((v, ctx) => wholeNumber(v, ctx, String(fallback)) ?? fallback);

/** A whole number above 0, or undefined (blank) for the code to choose. */
const optionalPositiveInt = () =>
  z
    .string()
    .optional()
    .transform((v, ctx) => wholeNumber(v, ctx, "the default"));

const list = () =>
  z
    .string()
    .optional()
    .transform((v) => (v ?? "").split(",").map((s) => s.trim()).filter(Boolean));

const CORE = "Core";
const ACCOUNTS = "Accounts";
const TRANSCRIPTION = "Transcription";
const STORAGE = "Storage";
const BILLING = "Billing";
const FORMATTING = "Formatting and exports";
const WEBHOOKS = "Webhooks";
const TESTS = "Tests only";

export const VARIABLES = {
  NODE_ENV: {
    schema: z.enum(["development", "production", "test"]).default("development"),
    doc: "Set by `next dev` / `next start` / Jest; not set by hand.",
    shownDefault: "set by the command",
    section: CORE,
  },
  LOG_LEVEL: {
    schema: oneOf(["fatal", "error", "warn", "debug", "trace", "silent"], "info"),
    doc: "Least severe log lines written: `fatal`, `error`, `warn`, `info`, `debug`, `trace` or `silent`.",
    shownDefault: "`info`",
    section: CORE,
  },
  LOG_FORMAT: {
    schema: oneOf(["json", "pretty"], "auto"),
    doc: "`json` (one object per line, for a log collector) or `pretty` (readable). Unset (`auto`): `json` in production, `pretty` otherwise.",
    shownDefault: "json in production",
    section: CORE,
  },
  APP_URL: {
    schema: z.url().default("http://localhost:3000"),
    doc: "Public URL of the app: email links, the trusted origin for sign-in and cross-site checks; https here turns on HSTS.",
    shownDefault: "`http://localhost:3000`",
    example: "http://localhost:3000",
    section: CORE,
  },
  PORT: {
    schema: positiveInt(3000),
    doc: "Port of `npm start` / `npm run dev`.",
    shownDefault: "`3000`",
    example: "3000",
    section: CORE,
  },
  DATABASE_URL: {
    schema: optional(),
    doc: "PostgreSQL connection string. Unset: embedded PGlite under `DATA_DIR` (one process only).",
    shownDefault: "unset → PGlite",
    section: CORE,
  },
  DATABASE_POOL_SIZE: {
    schema: positiveInt(10),
    doc: "PostgreSQL connections each process may hold at once (plus one that listens for changes). Size it so every web host and worker together stay under the server's `max_connections`.",
    shownDefault: "`10`",
    example: "10",
    section: CORE,
  },
  DATA_DIR: {
    schema: withDefault("./data"),
    doc: "Where local data lives: PGlite files, the generated auth secret, audio, whisper models, the dev outbox.",
    shownDefault: "`./data`",
    example: "./data",
    section: CORE,
  },
  BETTER_AUTH_SECRET: {
    schema: optional(),
    doc: "Signs sessions and email tokens. Unset: generated once into `DATA_DIR/auth-secret`; required with `DATABASE_URL` (every process must share it).",
    shownDefault: "generated into `DATA_DIR/auth-secret`",
    section: ACCOUNTS,
  },
  OPERATOR_EMAILS: {
    schema: z.string().default(""),
    doc: "The three operator addresses, comma-separated: the only accounts allowed into /admin and /api/admin.",
    shownDefault: "empty",
    example: "ops1@example.com,ops2@example.com,ops3@example.com",
    section: ACCOUNTS,
  },
  METRICS_TOKEN: {
    schema: optional(),
    doc: "Lets a Prometheus scraper read `GET /api/metrics` with `Authorization: Bearer <token>`. Unset: only signed-in operators can read it.",
    shownDefault: "unset",
    section: ACCOUNTS,
  },
  SMTP_URL: {
    schema: optional(),
    doc: "Outgoing mail, e.g. `smtp://user:pass@host:587`, sent by a worker (the app's own, or `npm run worker`) from the mail queue. Unset: mail is printed in that worker's output (and listed at /dev/outbox in development).",
    shownDefault: "unset → dev outbox",
    section: ACCOUNTS,
  },
  MAIL_FROM: {
    schema: withDefault("Verbatim <no-reply@verbatim.local>"),
    doc: "Sender of all mail.",
    shownDefault: "`Verbatim <no-reply@verbatim.local>`",
    example: '"Verbatim <no-reply@verbatim.local>"',
    section: ACCOUNTS,
  },
  GOOGLE_CLIENT_ID: {
    schema: optional(),
    doc: "Google sign-in client id; the button shows only when it and the secret are set.",
    shownDefault: "unset",
    section: ACCOUNTS,
  },
  GOOGLE_CLIENT_SECRET: {
    schema: optional(),
    doc: "Google sign-in client secret.",
    shownDefault: "unset",
    section: ACCOUNTS,
  },
  AUTH_RATE_LIMIT_ENABLED: {
    schema: bool(true),
    doc: "Rate limits on sign-in, sign-up and password reset (`true`/`false`).",
    shownDefault: "`true`",
    example: "true",
    section: ACCOUNTS,
  },
  TRUSTED_PROXIES: {
    schema: list(),
    doc: "Reverse proxies (IPs or CIDRs, comma-separated) whose X-Forwarded-For entries are trusted. Empty: the TCP peer is the client.",
    shownDefault: "empty",
    section: ACCOUNTS,
  },
  NEXT_PUBLIC_POSTHOG_KEY: {
    schema: optional(),
    doc: "PostHog analytics key; analytics are off without it (read at build time).",
    shownDefault: "unset",
    section: CORE,
  },
  NEXT_PUBLIC_POSTHOG_HOST: {
    schema: withDefault("https://us.i.posthog.com"),
    doc: "PostHog API host (read at build time).",
    shownDefault: "`https://us.i.posthog.com`",
    example: "https://us.i.posthog.com",
    section: CORE,
  },
  TRANSCRIBE_ENGINE: {
    schema: oneOf(["whisper", "parakeet", "openai", "sphinx"], "auto"),
    doc: "`auto` (whisper if a model is present, else Parakeet if its model is, else openai if configured, else sphinx), or force `whisper` / `parakeet` / `openai` / `sphinx`.",
    shownDefault: "`auto`",
    example: "auto",
    section: TRANSCRIPTION,
  },
  WHISPER_MODEL: {
    schema: optional(),
    doc: "A ggml model file name in `DATA_DIR/models`, or a path; unset: the best model there (`npm run models -- base` gets one).",
    shownDefault: "best `ggml-*.bin` in `DATA_DIR/models`",
    section: TRANSCRIPTION,
  },
  PARAKEET_MODEL: {
    schema: optional(),
    doc: "A Parakeet TDT ggml file (ggml-org's parakeet-GGUF, e.g. `ggml-parakeet-tdt-0.6b-v3-q8_0.bin`) in `DATA_DIR/models`, or a path: English and 24 European languages, faster than whisper. Used with `TRANSCRIBE_ENGINE=parakeet`, or in `auto` when no whisper model is present.",
    shownDefault: "a `ggml-parakeet-*.bin` in `DATA_DIR/models`",
    section: TRANSCRIPTION,
  },
  WHISPER_AUTO_DOWNLOAD: {
    schema: bool(true),
    doc: "On first start without a whisper model, download `WHISPER_DOWNLOAD_MODEL` into `DATA_DIR/models` (resumable, checksum-verified); `false` for air-gapped installs.",
    shownDefault: "`true`",
    example: "true",
    section: TRANSCRIPTION,
  },
  WHISPER_DOWNLOAD_MODEL: {
    schema: withDefault("base"),
    doc: "The model that download fetches: `tiny`, `base`, `small`, `medium` (multilingual) or their `.en` forms.",
    shownDefault: "`base`",
    section: TRANSCRIPTION,
  },
  WHISPER_MODEL_BASE_URL: {
    schema: withDefault("https://huggingface.co/ggerganov/whisper.cpp/resolve/main"),
    doc: "Where whisper models are downloaded from (a mirror, or a local server in tests).",
    shownDefault: "whisper.cpp's Hugging Face repository",
    section: TRANSCRIPTION,
  },
  WHISPER_VAD_BASE_URL: {
    schema: withDefault("https://huggingface.co/ggml-org/whisper-vad/resolve/main"),
    doc: "Where the Silero voice-activity model is downloaded from (a mirror, or a local server in tests).",
    shownDefault: "ggml-org's Hugging Face repository",
    section: TRANSCRIPTION,
  },
  WHISPER_THREADS: {
    schema: optionalPositiveInt(),
    doc: "CPU threads per whisper process; pieces run in parallel up to cores ÷ threads.",
    shownDefault: "the cores, at most 4",
    section: TRANSCRIPTION,
  },
  WHISPER_GPU: {
    schema: oneOf(["off", "cuda", "vulkan"], "auto"),
    doc: "`auto` uses the binding's CUDA, then Vulkan build when it loads on this machine, else the CPU; `cuda`, `vulkan` or `off` choose.",
    shownDefault: "`auto`",
    section: TRANSCRIPTION,
  },
  WHISPER_VAD: {
    schema: bool(true),
    doc: "Skip silence with the Silero voice-activity model (downloaded beside the whisper model) before whisper runs: faster, and no invented text in silence.",
    shownDefault: "`true`",
    section: TRANSCRIPTION,
  },
  SPEAKER_MODELS_AUTO_DOWNLOAD: {
    schema: bool(true),
    doc: "On first start without the speaker models, download them into `DATA_DIR/models/speakers` (pyannote segmentation 3.0 and 3D-Speaker CAM++, 30 MB; resumable, checksum-verified; `npm run models -- speakers` does it by hand); `false` for air-gapped installs: the basic speaker detector is used.",
    shownDefault: "`true`",
    example: "true",
    section: TRANSCRIPTION,
  },
  SPEAKER_MODELS_BASE_URL: {
    schema: withDefault("https://huggingface.co"),
    doc: "Where the speaker models are downloaded from; their repository paths, pinned to a commit, are appended (a mirror, or a local server in tests).",
    shownDefault: "`https://huggingface.co`",
    section: TRANSCRIPTION,
  },
  TRANSCRIBE_PARALLEL: {
    schema: optionalPositiveInt(),
    doc: "How many pieces of one file are transcribed at once; unset: the machine's cores ÷ threads per engine process.",
    shownDefault: "cores ÷ engine threads",
    section: TRANSCRIPTION,
  },
  OPENAI_BASE_URL: {
    schema: optional(),
    doc: "Any OpenAI-compatible `/audio/transcriptions` API (OpenAI, Groq, faster-whisper servers); `https://api.openai.com/v1` when only a key is set.",
    shownDefault: "unset",
    section: TRANSCRIPTION,
  },
  OPENAI_API_KEY: {
    schema: optional(),
    doc: "Key for that API.",
    shownDefault: "unset",
    section: TRANSCRIPTION,
  },
  TRANSCRIBE_MODEL: {
    schema: withDefault("whisper-1"),
    doc: "Model name sent to that API.",
    shownDefault: "`whisper-1`",
    example: "whisper-1",
    section: TRANSCRIPTION,
  },
  WORKER_IN_APP: {
    schema: bool(true),
    doc: "Run a transcription worker inside the web process (required with PGlite); `npm run worker` adds more with PostgreSQL.",
    shownDefault: "`true`",
    example: "true",
    section: TRANSCRIPTION,
  },
  LIVE_SESSIONS_PER_WORKER: {
    schema: optionalPositiveInt(),
    doc: "How many recordings one worker transcribes live at once; unset: as many as the engine's measured cost per recording fits in 70 % of the cores (PocketSphinx, about 0.42 of a core each: 3 on 2 cores, 6 on 4). When every worker is full, new recordings are still recorded and are transcribed when they stop.",
    shownDefault: "from the engine's cost and the cores",
    section: TRANSCRIPTION,
  },
  JOB_RETENTION_DAYS: {
    schema: positiveInt(7),
    doc: "Days a finished (done or canceled) background job is kept for the admin panel's queue view and figures.",
    shownDefault: "`7`",
    example: "7",
    section: TRANSCRIPTION,
  },
  JOB_DEAD_LETTER_DAYS: {
    schema: positiveInt(30),
    doc: "Days a failed background job is kept, with its reason, for an operator to read or retry.",
    shownDefault: "`30`",
    example: "30",
    section: TRANSCRIPTION,
  },
  WORKER_LEASE_MS: {
    schema: positiveInt(30_000),
    doc: "How long a job stays claimed without a heartbeat before another worker takes it.",
    shownDefault: "`30000`",
    example: "30000",
    section: TRANSCRIPTION,
  },
  FFMPEG_PATH: {
    schema: withDefault("ffmpeg"),
    doc: "The ffmpeg program, if not on PATH.",
    shownDefault: "from `PATH`",
    section: TRANSCRIPTION,
  },
  FFPROBE_PATH: {
    schema: withDefault("ffprobe"),
    doc: "The ffprobe program, if not on PATH.",
    shownDefault: "from `PATH`",
    section: TRANSCRIPTION,
  },
  POCKETSPHINX_PATH: {
    schema: withDefault("pocketsphinx_continuous"),
    doc: "The PocketSphinx program, if not on PATH.",
    shownDefault: "from `PATH`",
    section: TRANSCRIPTION,
  },
  POCKETSPHINX_PYTHON: {
    schema: withDefault("/usr/bin/python3"),
    doc: "The Python with PocketSphinx's library binding (Debian package python3-pocketsphinx): with it, live recordings show words while they are spoken; without it, a sentence at a time after each pause.",
    shownDefault: "`/usr/bin/python3`",
    section: TRANSCRIPTION,
  },
  POCKETSPHINX_MODEL_DIR: {
    schema: withDefault("/usr/share/pocketsphinx/model/en-us/en-us"),
    doc: "PocketSphinx's English model (Debian package pocketsphinx-en-us).",
    shownDefault: "`/usr/share/pocketsphinx/model/en-us/en-us`",
    section: TRANSCRIPTION,
  },
  S3_BUCKET: {
    schema: optional(),
    doc: "Keep audio in this S3-compatible bucket (AWS S3, Cloudflare R2, MinIO, Backblaze B2 …) instead of `DATA_DIR/audio`: needed when web and worker processes run on different hosts.",
    shownDefault: "unset (local disk)",
    section: STORAGE,
  },
  S3_ENDPOINT: {
    schema: optional(),
    doc: "The S3 API's address for services other than AWS, e.g. `https://<account>.r2.cloudflarestorage.com` or `http://minio:9000`.",
    shownDefault: "AWS",
    section: STORAGE,
  },
  S3_REGION: {
    schema: withDefault("us-east-1"),
    doc: "The bucket's region (`auto` for R2).",
    shownDefault: "`us-east-1`",
    section: STORAGE,
  },
  S3_ACCESS_KEY_ID: {
    schema: optional(),
    doc: "Access key; unset: the AWS SDK's usual sources (instance role, `~/.aws`).",
    shownDefault: "unset",
    section: STORAGE,
  },
  S3_SECRET_ACCESS_KEY: {
    schema: optional(),
    doc: "Its secret.",
    shownDefault: "unset",
    section: STORAGE,
  },
  S3_FORCE_PATH_STYLE: {
    schema: bool(false),
    doc: "Address the bucket as `endpoint/bucket` rather than `bucket.endpoint` (MinIO and most self-hosted servers).",
    shownDefault: "`false`",
    section: STORAGE,
  },
  S3_DIRECT_UPLOADS: {
    schema: bool(false),
    doc: "Browsers send uploads straight to the bucket in parts (S3 multipart, each part on a presigned address the web host signs), so the bytes never pass through the web host. Needs a bucket whose CORS rules allow `PUT` from `APP_URL`; see docs/features.md, \"Uploads\".",
    shownDefault: "`false` (uploads go through the web host)",
    section: STORAGE,
  },
  S3_PUBLIC_ENDPOINT: {
    schema: optional(),
    doc: "The S3 address browsers reach, when it differs from `S3_ENDPOINT` (which the servers use), for direct uploads.",
    shownDefault: "`S3_ENDPOINT`",
    section: STORAGE,
  },
  STRIPE_SECRET_KEY: {
    schema: optional(),
    doc: "Stripe secret key; without it a built-in, plainly marked test checkout drives the same subscription changes.",
    shownDefault: "unset → demo checkout",
    section: BILLING,
  },
  STRIPE_WEBHOOK_SECRET: {
    schema: optional(),
    doc: "Signing secret of the `POST /api/webhooks/stripe` endpoint (`whsec_…`); required with `STRIPE_SECRET_KEY`.",
    shownDefault: "unset",
    section: BILLING,
  },
  STRIPE_API_BASE: {
    schema: optional(),
    doc: "Test hook: an `http://127.0.0.1:port` stand-in for the Stripe API, used by the test suite.",
    shownDefault: "unset",
    section: BILLING,
  },
  LLM_BASE_URL: {
    schema: optional(),
    doc: "OpenAI-compatible chat-completions API (e.g. `https://api.openai.com/v1`, Ollama's `http://127.0.0.1:11434/v1`); enables advanced formatting and custom styles.",
    shownDefault: "unset",
    section: FORMATTING,
  },
  LLM_MODEL: {
    schema: optional(),
    doc: "Chat model name; required with `LLM_BASE_URL`.",
    shownDefault: "unset",
    section: FORMATTING,
  },
  LLM_API_KEY: {
    schema: optional(),
    doc: "Key for that API (local servers may not need one).",
    shownDefault: "unset",
    section: FORMATTING,
  },
  LLM_TIMEOUT_MS: {
    schema: positiveInt(120_000),
    doc: "How long one chat request may take.",
    shownDefault: "`120000`",
    example: "120000",
    section: FORMATTING,
  },
  LLM_MAX_INPUT_CHARS: {
    schema: positiveInt(60_000),
    doc: "Transcripts longer than this go to the model in parts.",
    shownDefault: "`60000`",
    example: "60000",
    section: FORMATTING,
  },
  PDF_FONT_PATH: {
    schema: optional(),
    doc: "TrueType font embedded in PDF exports (set a CJK font such as Noto Sans CJK for Chinese, Japanese, Korean).",
    shownDefault: "DejaVu Sans (`dejavu-fonts-ttf`)",
    section: FORMATTING,
  },
  PDF_FONT_BOLD_PATH: {
    schema: optional(),
    doc: "Its bold face.",
    shownDefault: "`PDF_FONT_PATH`, else DejaVu Sans Bold",
    section: FORMATTING,
  },
  WEBHOOKS_ALLOW_LOOPBACK: {
    schema: bool(false),
    doc: "Lets webhooks call loopback addresses (`127.0.0.0/8`, `::1`, `localhost`), over plain http too, for a receiver on a developer's or test machine. Private, link-local and other non-public addresses stay refused, and http stays refused for any other host in production. Leave it off on a public server.",
    shownDefault: "`false`",
    section: WEBHOOKS,
  },
  CHROMIUM_PATH: {
    schema: optional(),
    doc: "Where the end-to-end tests find Chromium.",
    shownDefault: "`/usr/bin/chromium`",
    section: TESTS,
    testOnly: true,
  },
  PG_BIN_DIR: {
    schema: optional(),
    doc: "Where the tests find the PostgreSQL server binaries.",
    shownDefault: "Debian's `/usr/lib/postgresql/*/bin`",
    section: TESTS,
    testOnly: true,
  },
} satisfies Record<string, Variable>;

export type VariableName = keyof typeof VARIABLES;
