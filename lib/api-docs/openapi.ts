/**
 * The OpenAPI 3.1 description of the public REST API (what a script may call with an API key,
 * and the key management it needs), built from the same zod contracts the routes validate and
 * answer with: a field added to a contract appears here without anyone writing it twice.
 * Served at /api/openapi.json and rendered by the docs page /docs/api.
 */
import { toJSONSchema, type z } from "zod";
import { ApiKeyList, CreatedApiKey } from "@/lib/api/contract/api-keys";
import { OkAnswer } from "@/lib/api/contract/common";
import { ApiTranscription, LANGUAGE_CODE, TranscriptionDetail, TranscriptionList } from "@/lib/api/contract/transcription";
import { DirectUploadAnswer, MAX_SPEAKERS } from "@/lib/api/contract/uploads";
import { EXPORT_FORMATS } from "@/lib/exports/formats";
import { LANGUAGE_TIER_SEED } from "@/lib/billing/catalog";
import { API_KEY_RATE_LIMIT } from "@/lib/api-keys/rate-limit";
import type { Endpoint } from "@/lib/api/endpoint";
import { EXAMPLES } from "./openapi-examples";
import { webhookEvents } from "./openapi-webhooks";
import { ApiWebhook } from "@/lib/api/contract/webhooks";
import * as apiKeys from "@/lib/api/endpoints/api-keys";
import * as folders from "@/lib/api/endpoints/folders";
import * as sharing from "@/lib/api/endpoints/sharing";
import * as transcriptions from "@/lib/api/endpoints/transcription";
import * as uploads from "@/lib/api/endpoints/uploads";
import * as webhooks from "@/lib/api/endpoints/webhooks";
import * as vocabulary from "@/lib/api/endpoints/vocabulary";
import { MAX_RULES_PER_SPACE, MAX_SOUNDS_LIKE, MAX_TERMS_PER_SPACE, MAX_TERM_CHARS, MAX_TERM_WORDS } from "@/lib/api/contract/vocabulary";

type JsonSchema = Record<string, unknown>;
type Method = "get" | "post" | "put" | "patch" | "delete" | "head";

export interface Parameter {
  name: string;
  in: "path" | "query" | "header";
  required: boolean;
  description?: string;
  schema: JsonSchema;
}

interface Operation {
  operationId: string;
  summary: string;
  description?: string;
  tags: string[];
  security: Array<Record<string, string[]>>;
  parameters?: Parameter[];
  requestBody?: { required: boolean; content: Record<string, { schema: JsonSchema }> };
  responses: Record<string, { description: string; headers?: Record<string, unknown>; content?: Record<string, { schema: JsonSchema }> }>;
  /** the key scope the operation needs (an OpenAPI extension field) */
  "x-api-key-scope"?: "read" | "write";
  /** a runnable example (the extension Redoc and other renderers read) */
  "x-codeSamples"?: Array<{ lang: "Shell"; label: "curl"; source: string }>;
}

export interface OpenApiDocument {
  openapi: "3.1.0";
  info: { title: string; version: string; description: string };
  servers: Array<{ url: string }>;
  tags: Array<{ name: string; description: string }>;
  paths: Record<string, Partial<Record<Method, Operation>>>;
  /** what Verbatim sends to a webhook's URL, one entry per event */
  webhooks: Record<string, { post: Record<string, unknown> }>;
  components: { securitySchemes: Record<string, unknown>; schemas: Record<string, JsonSchema> };
}

/** JSON Schema 2020-12 (the dialect OpenAPI 3.1 uses) of a contract, as sent (`input`) or as answered (`output`). */
function schemaOf(schema: z.core.$ZodType, io: "input" | "output"): JsonSchema {
  // Transforms and defaults have no JSON Schema: their input or output shape stands for them.
  const json = toJSONSchema(schema, { io, unrepresentable: "any" }) as JsonSchema;
  // The document's dialect is OpenAPI 3.1's own; a `$schema` per schema would only repeat it.
  delete json.$schema;
  return json;
}

/** What the document says of a query field beyond its contract: its meaning, its allowed values, whether the operation needs it. */
type QueryDoc = { description: string; schema?: JsonSchema; required?: boolean };

/** A query contract's fields as query parameters, each with its words and allowed values. */
function queryParameters(schema: z.core.$ZodType, docs: Record<string, QueryDoc> = {}): Parameter[] {
  const json = schemaOf(schema, "input") as { properties?: Record<string, JsonSchema>; required?: string[] };
  return Object.entries(json.properties ?? {}).map(([name, property]) => ({
    name,
    in: "query",
    required: docs[name]?.required ?? json.required?.includes(name) ?? false,
    ...(docs[name] ? { description: docs[name].description } : {}),
    schema: { ...property, ...docs[name]?.schema },
  }));
}

/** The seed catalogue's languages, code and name: what the plans offer unless an operator changed them. */
const SEED_LANGUAGES = LANGUAGE_TIER_SEED.flatMap((tier) => Object.entries(tier.languages));
const LANGUAGE: QueryDoc = {
  description: `The spoken language's code (ISO 639-1, or 639-3 where there is none); left out, the engine detects it where it can. Your plan's languages, with their names, are at \`GET /api/transcription/options\`. The plans offer: ${SEED_LANGUAGES.map(([code, name]) => `\`${code}\` ${name}`).join(", ")}. A value that is no language code is a 400; a language your plan does not include, a 403.`,
  schema: { pattern: LANGUAGE_CODE.source, examples: ["en", "de"] },
};
const SPEAKERS: QueryDoc = { description: `How many people speak (1–${MAX_SPEAKERS}), when you know it: speaker labels come out better. Left out, the engine guesses.`, schema: { type: "integer", minimum: 1, maximum: MAX_SPEAKERS } };

const jsonContent = (schema: JsonSchema) => ({ "application/json": { schema } });
const BYTES = { schema: { type: "string", contentMediaType: "application/octet-stream" } };
const TUS_RESUMABLE: Parameter = { name: "Tus-Resumable", in: "header", required: true, schema: { type: "string", const: "1.0.0" } };
/** An API key of this scope, or the signed-in browser's session. */
const BEARER = (scope: "read" | "write"): Pick<Operation, "security" | "x-api-key-scope"> => ({ security: [{ bearerAuth: [] }, { cookieAuth: [] }], "x-api-key-scope": scope });
const SESSION_ONLY: Pick<Operation, "security"> = { security: [{ cookieAuth: [] }] };

const ERROR_CODES: Record<string, string> = {
  "400": "The request is malformed.",
  "401": "No valid API key or session (`This API key is not valid.`).",
  "403": "Not allowed: a read-only key on a write operation (`This API key can only read.`), or a plan without the feature.",
  "404": "No such resource, or not yours: another user's or workspace's transcription is never revealed.",
  "409": "The resource is not in a state that allows this now; `detail` says why and what to do (a name already taken, a delivery still being sent, an upload's offset that moved on).",
  "410": "The unfinished upload expired (24 hours after it was created): start a new one.",
  "412": "A tus request without `Tus-Resumable: 1.0.0`.",
  "413": "The file is larger than the plan allows.",
  "423": "The upload's last part is being checked: ask again in a moment.",
  "415": "Not an audio or video file we can read.",
  "422": "A field breaks a rule; `detail` says which.",
  "429": "Too many requests with this key (120 a minute). Wait the seconds in `Retry-After`.",
};

function errors(...codes: string[]): Operation["responses"] {
  return Object.fromEntries(
    codes.map((code) => [
      code,
      {
        description: ERROR_CODES[code] ?? "An error.",
        ...(code === "429" ? { headers: { "Retry-After": { description: "Seconds to wait.", schema: { type: "integer" } }, ...RATE_LIMIT_HEADERS } } : {}),
        content: jsonContent(ref("Error")),
      },
    ]),
  );
}

const KEY_ERRORS = ["401", "403", "429"];

/** On every answer to a request made with a key: the minute's budget, so a client paces itself before a 429. */
const RATE_LIMIT_HEADERS = {
  "RateLimit-Limit": { description: `Requests a key may make per minute (${API_KEY_RATE_LIMIT.max}).`, schema: { type: "integer" } },
  "RateLimit-Remaining": { description: "Requests left in this minute's window.", schema: { type: "integer" } },
  "RateLimit-Reset": { description: "Seconds until the window ends and the count starts again.", schema: { type: "integer" } },
};

/** Answers named once and referred to by `$ref`. */
const NAMED: Record<string, z.core.$ZodType> = {
  ApiTranscription,
  TranscriptionDetail,
  TranscriptionList,
  DirectUpload: DirectUploadAnswer,
  ApiKeyList,
  CreatedApiKey,
  Webhook: ApiWebhook,
  Ok: OkAnswer,
};
const NAME_OF = new Map(Object.entries(NAMED).map(([name, schema]) => [schema, name]));

function ref(name: string) {
  return { $ref: `#/components/schemas/${name}` };
}

/** A named answer by reference, any other inline. */
const answerSchema = (schema: z.core.$ZodType): JsonSchema => {
  const name = NAME_OF.get(schema);
  return name ? ref(name) : schemaOf(schema, "output");
};

/**
 * What the document adds to an endpoint: words for people, who may call it, the errors to
 * expect. Its path, method, parameters, query, body and answer come from the endpoint itself.
 */
interface Documented {
  endpoint: Endpoint;
  operationId: string;
  summary: string;
  description?: string;
  tag: string;
  access: Pick<Operation, "security" | "x-api-key-scope">;
  /** what each `{name}` of the path is */
  params?: Record<string, { description: string; schema?: JsonSchema }>;
  /** headers it takes (tus) */
  headers?: Parameter[];
  /** the query's fields: meaning, allowed values, required */
  query?: Record<string, QueryDoc>;
  /** a body that is not JSON: its media type */
  rawBody?: Record<string, { schema: JsonSchema }>;
  /** the successful answer's words (and headers, or content when it is not JSON) */
  ok: { description: string; headers?: Record<string, unknown>; content?: Record<string, { schema: JsonSchema }> };
  /** other successful answers (tus' 204) */
  also?: Operation["responses"];
  errors: string[];
}

function operation(d: Documented): Operation {
  const e = d.endpoint;
  const pathParams = [...e.path.matchAll(/\{(\w+)\}/g)].map(([, name]): Parameter => {
    const given = d.params?.[name];
    return { name, in: "path", required: true, ...(given ? { description: given.description } : {}), schema: given?.schema ?? { type: "string" } };
  });
  const parameters = [...pathParams, ...(d.headers ?? []), ...(e.query ? queryParameters(e.query, d.query) : [])];
  const body = e.body === "raw" ? d.rawBody : e.body ? jsonContent(schemaOf(e.body, "input")) : undefined;
  const okContent = d.ok.content ?? (e.answer ? jsonContent(answerSchema(e.answer)) : undefined);
  const okHeaders = { ...(d.access["x-api-key-scope"] ? RATE_LIMIT_HEADERS : {}), ...d.ok.headers };
  return {
    operationId: d.operationId,
    summary: d.summary,
    ...(d.description ? { description: d.description } : {}),
    tags: [d.tag],
    ...d.access,
    ...(parameters.length ? { parameters } : {}),
    ...(body ? { requestBody: { required: true, content: body } } : {}),
    ...(EXAMPLES[d.operationId] ? { "x-codeSamples": [{ lang: "Shell" as const, label: "curl" as const, source: EXAMPLES[d.operationId] }] } : {}),
    responses: {
      [String(e.status ?? 200)]: { description: d.ok.description, ...(Object.keys(okHeaders).length ? { headers: okHeaders } : {}), ...(okContent ? { content: okContent } : {}) },
      ...d.also,
      ...errors(...d.errors),
    },
  };
}

const TRANSCRIPTION_ID = { id: { description: "The transcription's id." } };
const UPLOAD_ID = { id: { description: "The upload's id (the last segment of its Location)." } };
const DIRECT_UPLOAD_ID = { id: { description: "The direct upload's id." } };
const WEBHOOK_ID = { id: { description: "The webhook's id." } };
/** Webhooks, folders and share links belong to a space: a key reaches those of the space it was made in. */
const IN_KEY_SPACE = "With an API key: those of the key's space only (another space's are answered 404).";

const SPACE_QUERY = {
  space: { description: 'Only `personal`: a signed-in browser\'s own list while a workspace is active. An API key reaches its own space\'s list only.' },
};
const TERM_ID = { id: { description: "The term's id." } };
const RULE_ID = { id: { description: "The replacement rule's id." } };
const MANAGERS = "Changed by the space's managers: in a workspace its owner and admins (its members and viewers read it).";

/** Custom vocabulary and replacement rules: each space's lists, taken by each new transcription when it is accepted. */
function vocabularyOperations(): Documented[] {
  const tag = "Vocabulary";
  return [
    {
      endpoint: vocabulary.listVocabulary,
      operationId: "listVocabulary",
      summary: "List the vocabulary",
      description: `The words and names your space's transcripts should be written with, as spelt here: each engine hears them as it can (whisper and OpenAI-compatible engines in their prompt, PocketSphinx by keyword spotting), and a term's "sounds like" hints are written as the term. A new transcription takes its upload's terms, its workspace's, then its uploader's own. ${IN_KEY_SPACE}`,
      tag,
      access: BEARER("read"),
      query: SPACE_QUERY,
      ok: { description: "The terms, with who may change them and how many the list may hold." },
      errors: [...KEY_ERRORS, "404"],
    },
    {
      endpoint: vocabulary.addVocabularyTerm,
      operationId: "addVocabularyTerm",
      summary: "Add a term",
      description: `A word or name of at most ${MAX_TERM_CHARS} characters and ${MAX_TERM_WORDS} words (letters, digits and ' - . &), each once whatever its case, and up to ${MAX_SOUNDS_LIKE} "sounds like" hints in plain words ("dash wood" for Dashwood). At most ${MAX_TERMS_PER_SPACE} per space. ${MANAGERS}`,
      tag,
      access: BEARER("write"),
      query: SPACE_QUERY,
      ok: { description: "The term." },
      errors: ["400", ...KEY_ERRORS, "404", "409", "422"],
    },
    {
      endpoint: vocabulary.updateVocabularyTerm,
      operationId: "updateVocabularyTerm",
      summary: "Change a term",
      description: "A new spelling, new hints, or both; what is left out stays. Transcriptions already made keep what they were written with.",
      tag,
      access: BEARER("write"),
      params: TERM_ID,
      ok: { description: "The term." },
      errors: ["400", ...KEY_ERRORS, "404", "409", "422"],
    },
    {
      endpoint: vocabulary.deleteVocabularyTerm,
      operationId: "deleteVocabularyTerm",
      summary: "Delete a term",
      tag,
      access: BEARER("write"),
      params: TERM_ID,
      ok: { description: "Deleted." },
      errors: [...KEY_ERRORS, "404"],
    },
    {
      endpoint: vocabulary.listReplacements,
      operationId: "listReplacements",
      summary: "List the replacement rules",
      description: `Find → replace rules applied to each new transcript of the space after recognition: whole words, found in any case, written as given. The editor marks each replacement and can undo it. ${IN_KEY_SPACE}`,
      tag,
      access: BEARER("read"),
      query: SPACE_QUERY,
      ok: { description: "The rules, with who may change them and how many the list may hold." },
      errors: [...KEY_ERRORS, "404"],
    },
    {
      endpoint: vocabulary.addReplacement,
      operationId: "addReplacement",
      summary: "Add a replacement rule",
      description: `The words to find (one rule per phrase, whatever its case) and what to write instead. At most ${MAX_RULES_PER_SPACE} per space. ${MANAGERS}`,
      tag,
      access: BEARER("write"),
      query: SPACE_QUERY,
      ok: { description: "The rule." },
      errors: ["400", ...KEY_ERRORS, "404", "409", "422"],
    },
    {
      endpoint: vocabulary.updateReplacement,
      operationId: "updateReplacement",
      summary: "Change a replacement rule",
      description: "What is left out stays. Transcriptions already made keep what the rule wrote.",
      tag,
      access: BEARER("write"),
      params: RULE_ID,
      ok: { description: "The rule." },
      errors: ["400", ...KEY_ERRORS, "404", "409", "422"],
    },
    {
      endpoint: vocabulary.deleteReplacement,
      operationId: "deleteReplacement",
      summary: "Delete a replacement rule",
      tag,
      access: BEARER("write"),
      params: RULE_ID,
      ok: { description: "Deleted." },
      errors: [...KEY_ERRORS, "404"],
    },
  ];
}

const DOCUMENTED: Documented[] = [
  {
    endpoint: transcriptions.listTranscriptions,
    operationId: "listTranscriptions",
    summary: "List transcriptions",
    description: "The transcriptions you can read, the newest first; `q` searches titles and transcripts.",
    tag: "Transcriptions",
    access: BEARER("read"),
    query: { q: { description: "Words to find in titles and transcripts (at most 200 characters)." } },
    ok: { description: "The transcriptions." },
    errors: ["400", ...KEY_ERRORS],
  },
  {
    endpoint: transcriptions.uploadTranscription,
    operationId: "uploadTranscription",
    summary: "Upload a file (sent whole)",
    description:
      "The raw audio or video file is the body; `filename` names it. Transcription starts at once; poll `GET /api/transcriptions/{id}` (or use webhooks) until `status` is `done`. For large files or unreliable networks use the resumable upload.",
    tag: "Transcriptions",
    access: BEARER("write"),
    query: {
      filename: { description: "The file's name, with its extension (`meeting.mp3`): it titles the transcription.", required: true, schema: { minLength: 1 } },
      language: LANGUAGE,
      source: { description: "`recording` for audio recorded in your app (it is labelled so); `upload` otherwise." },
      first_seconds: { description: "Transcribe only the file's first this many seconds (a preview of a long file).", schema: { type: "number", exclusiveMinimum: 0 } },
      speakers: SPEAKERS,
    },
    rawBody: { "application/octet-stream": BYTES },
    ok: { description: "The new transcription (queued)." },
    errors: ["400", ...KEY_ERRORS, "413", "415", "422"],
  },
  {
    endpoint: transcriptions.getTranscription,
    operationId: "getTranscription",
    summary: "Get a transcription with its segments",
    tag: "Transcriptions",
    access: BEARER("read"),
    params: TRANSCRIPTION_ID,
    ok: { description: "The transcription and its segments." },
    errors: [...KEY_ERRORS, "404"],
  },
  {
    endpoint: transcriptions.renameTranscription,
    operationId: "renameTranscription",
    summary: "Rename a transcription",
    description: "One line of 1–200 characters. Its uploader, or an admin or member of its workspace; a viewer may not.",
    tag: "Transcriptions",
    access: BEARER("write"),
    params: TRANSCRIPTION_ID,
    ok: { description: "The transcription, renamed." },
    errors: ["400", ...KEY_ERRORS, "404", "422"],
  },
  {
    endpoint: transcriptions.cancelTranscription,
    operationId: "cancelTranscription",
    summary: "Cancel a transcription",
    description: "Stops a queued or running transcription (its reserved time is given back); it stays in the list as `canceled`. One that already ended is a 409.",
    tag: "Transcriptions",
    access: BEARER("write"),
    params: TRANSCRIPTION_ID,
    ok: { description: "The transcription as it is now." },
    errors: [...KEY_ERRORS, "404", "409"],
  },
  {
    endpoint: transcriptions.deleteTranscription,
    operationId: "deleteTranscription",
    summary: "Delete a transcription",
    description: "Moves it to Recently deleted (restorable for 30 days); `permanent=1` removes it and its audio for good.",
    tag: "Transcriptions",
    access: BEARER("write"),
    params: TRANSCRIPTION_ID,
    query: { permanent: { description: "`1`: delete for good, with its audio, instead of moving it to Recently deleted." } },
    ok: { description: "Deleted." },
    errors: ["400", ...KEY_ERRORS, "404"],
  },
  {
    endpoint: transcriptions.exportTranscription,
    operationId: "exportTranscription",
    summary: "Export a transcript",
    description: "Downloads the transcript as `txt`, `md`, `pdf`, `docx`, `srt` or `vtt`, as your plan allows.",
    tag: "Transcriptions",
    access: BEARER("read"),
    params: TRANSCRIPTION_ID,
    query: {
      format: { description: "The file's format. Missing or unknown: 400 with the formats to choose from; one your plan lacks: 403.", required: true, schema: { enum: [...EXPORT_FORMATS] } },
      timestamps: { description: "`1`: each paragraph starts with its time (txt, md, pdf, docx; subtitles always have times).", schema: { enum: ["1", "0"] } },
      version: { description: "`formatted`: the formatted version, when one was made; `raw` (the default): the transcript as edited.", schema: { enum: ["raw", "formatted"] } },
      tz: { description: "An IANA time zone (`Europe/Berlin`) for the dates printed in documents; UTC when left out.", schema: { examples: ["Europe/Berlin"] } },
    },
    ok: { description: "The file (Content-Disposition names it).", content: { "application/octet-stream": BYTES } },
    errors: ["400", ...KEY_ERRORS, "404", "409"],
  },
  {
    endpoint: transcriptions.transcriptionAudio,
    operationId: "getTranscriptionAudio",
    summary: "Download the audio",
    description: "The recording the transcript was made from; supports `Range` requests.",
    tag: "Transcriptions",
    access: BEARER("read"),
    params: TRANSCRIPTION_ID,
    ok: { description: "The audio.", content: { "audio/*": { schema: { type: "string", contentMediaType: "audio/*" } } } },
    errors: [...KEY_ERRORS, "404"],
  },
  {
    endpoint: uploads.createResumableUpload,
    operationId: "createResumableUpload",
    summary: "Start a resumable upload (tus 1.0)",
    description: [
      "The tus 1.0 protocol (https://tus.io/protocols/resumable-upload), core and the `creation`, `creation-with-upload`, `expiration` and `termination` extensions; any tus client works with the `Authorization` header added (the typed client and the `verbatim` command line use one).",
      "1. **Create**: this POST, with `Upload-Length` (the file's bytes) and `Upload-Metadata`: comma-separated `key base64(value)` pairs — `filename` (required), `filetype` (its MIME type), and optionally `language`, `source`, `first_seconds`, `speakers` as for the upload sent whole. The plan's size and hour limits are checked now. The answer's `Location` is the upload's address; its last segment is the upload's id, which becomes the transcription's id.",
      "2. **Send**: PATCH the bytes from `Upload-Offset`, in one request or several; each answer's `Upload-Offset` is where the next starts. The answer to the last one is the new transcription (200, JSON); a second last part sent while the first is being checked is a 423. Asked about with HEAD once finished, the upload answers its whole length, and its id is the transcription's.",
      "3. **Resume** after a drop: HEAD the upload for its `Upload-Offset` and PATCH from there; a PATCH whose offset is not the server's is a 409.",
      "4. **Cancel**: DELETE it. An unfinished upload expires 24 hours after it was created (the creation's `Upload-Expires` says when): then 410, and 404 once it is swept away within the hour.",
      "Every request but OPTIONS needs `Tus-Resumable: 1.0.0` (missing: 412). Parallel parts (`Upload-Concat`) are refused: 400.",
    ].join("\n\n"),
    tag: "Resumable uploads",
    access: BEARER("write"),
    headers: [
      TUS_RESUMABLE,
      { name: "Upload-Length", in: "header", required: true, description: "The file's size in bytes.", schema: { type: "integer", minimum: 0 } },
      {
        name: "Upload-Metadata",
        in: "header",
        required: true,
        description: "`filename <base64>,filetype <base64>[,language <base64>][,speakers <base64>]…` (tus' own format).",
        schema: { type: "string", pattern: "^[a-z_]+ [A-Za-z0-9+/=]*(,[a-z_]+ [A-Za-z0-9+/=]*)*$" },
      },
    ],
    ok: {
      description: "Started; `Location` is the upload's address.",
      headers: {
        Location: { description: "The upload's address: `/api/uploads/{id}`.", schema: { type: "string" } },
        "Upload-Expires": { description: "When the unfinished upload is dropped (an HTTP date).", schema: { type: "string" } },
        "Tus-Resumable": { schema: { type: "string", const: "1.0.0" } },
      },
    },
    errors: ["400", ...KEY_ERRORS, "412", "413", "415", "422"],
  },
  {
    endpoint: uploads.resumableUploadOffset,
    operationId: "resumableUploadOffset",
    summary: "How much of a resumable upload arrived",
    tag: "Resumable uploads",
    access: BEARER("write"),
    params: UPLOAD_ID,
    headers: [TUS_RESUMABLE],
    ok: {
      description: "`Upload-Offset` says how many bytes arrived (send the rest from there); `Upload-Length` the whole.",
      headers: { "Upload-Offset": { schema: { type: "integer" } }, "Upload-Length": { schema: { type: "integer" } } },
    },
    errors: [...KEY_ERRORS, "404", "410", "412"],
  },
  {
    endpoint: uploads.appendResumableUpload,
    operationId: "appendResumableUpload",
    summary: "Send a part of a resumable upload",
    description: "`Content-Type: application/offset+octet-stream`, `Upload-Offset` = the bytes already sent. The answer to the last part carries the new transcription as JSON.",
    tag: "Resumable uploads",
    access: BEARER("write"),
    params: { id: { description: "The upload's id." } },
    headers: [
      TUS_RESUMABLE,
      { name: "Upload-Offset", in: "header", required: true, description: "The bytes the server already has (0 for the first part; else the last answer's or HEAD's).", schema: { type: "integer", minimum: 0 } },
    ],
    rawBody: { "application/offset+octet-stream": BYTES },
    ok: { description: "The last part: the upload became this transcription.", content: jsonContent(ref("ApiTranscription")) },
    also: { "204": { description: "The part was stored; `Upload-Offset` is the new offset.", headers: { "Upload-Offset": { schema: { type: "integer" } } } } },
    errors: [...KEY_ERRORS, "404", "409", "410", "412", "413", "415", "423"],
  },
  {
    endpoint: uploads.cancelResumableUpload,
    operationId: "cancelResumableUpload",
    summary: "Cancel a resumable upload",
    tag: "Resumable uploads",
    access: BEARER("write"),
    params: { id: { description: "The upload's id." } },
    headers: [TUS_RESUMABLE],
    ok: { description: "Cancelled: what arrived is deleted." },
    errors: [...KEY_ERRORS, "404", "412"],
  },
  {
    endpoint: uploads.startDirectUpload,
    operationId: "startDirectUpload",
    summary: "Start an upload straight to object storage",
    description: "Only where the server stores audio in S3-compatible storage (otherwise 503): sign parts, PUT them to the addresses, report each part's ETag, then complete.",
    tag: "Direct uploads",
    access: BEARER("write"),
    ok: { description: "Started." },
    errors: [...KEY_ERRORS, "413", "415", "422"],
  },
  {
    endpoint: uploads.signDirectUploadParts,
    operationId: "signDirectUploadParts",
    summary: "Addresses to PUT parts to",
    tag: "Direct uploads",
    access: BEARER("write"),
    params: DIRECT_UPLOAD_ID,
    ok: { description: "One address per part number." },
    errors: [...KEY_ERRORS, "404", "422"],
  },
  {
    endpoint: uploads.recordDirectUploadPart,
    operationId: "recordDirectUploadPart",
    summary: "Record a stored part's ETag",
    tag: "Direct uploads",
    access: BEARER("write"),
    params: { ...DIRECT_UPLOAD_ID, number: { description: "The part's number.", schema: { type: "integer", minimum: 1 } } },
    ok: { description: "Recorded." },
    errors: [...KEY_ERRORS, "404", "422"],
  },
  {
    endpoint: uploads.completeDirectUpload,
    operationId: "completeDirectUpload",
    summary: "Finish a direct upload",
    tag: "Direct uploads",
    access: BEARER("write"),
    params: DIRECT_UPLOAD_ID,
    ok: { description: "The new transcription." },
    errors: [...KEY_ERRORS, "404", "409"],
  },
  {
    endpoint: transcriptions.transcriptionOptions,
    operationId: "transcriptionOptions",
    summary: "Languages and limits for uploads",
    description: "The language codes (with their names) your plan includes on this server's engine, the largest file, and the hours left: what `language` and the other upload parameters may be.",
    tag: "Transcriptions",
    access: BEARER("read"),
    ok: { description: "The options." },
    errors: KEY_ERRORS,
  },
  {
    endpoint: folders.listFolders,
    operationId: "listFolders",
    summary: "List folders",
    description: `The folders of the workspace, each with how many transcriptions it holds. A personal space has none. ${IN_KEY_SPACE}`,
    tag: "Folders",
    access: BEARER("read"),
    ok: { description: "The folders." },
    errors: KEY_ERRORS,
  },
  {
    endpoint: folders.createFolder,
    operationId: "createFolder",
    summary: "Create a folder",
    description: "In the workspace of the key (members and above). Names are unique in a workspace, without regard to case.",
    tag: "Folders",
    access: BEARER("write"),
    ok: { description: "The folder." },
    errors: ["400", ...KEY_ERRORS, "409", "422"],
  },
  {
    endpoint: folders.renameFolder,
    operationId: "renameFolder",
    summary: "Rename a folder",
    tag: "Folders",
    access: BEARER("write"),
    params: { id: { description: "The folder's id." } },
    ok: { description: "The folder." },
    errors: ["400", ...KEY_ERRORS, "404", "409", "422"],
  },
  {
    endpoint: folders.deleteFolder,
    operationId: "deleteFolder",
    summary: "Delete a folder",
    description: "Its transcriptions stay in the workspace, unfiled. The workspace's owner and admins only.",
    tag: "Folders",
    access: BEARER("write"),
    params: { id: { description: "The folder's id." } },
    ok: { description: "Deleted." },
    errors: [...KEY_ERRORS, "404"],
  },
  {
    endpoint: folders.moveTranscription,
    operationId: "fileTranscription",
    summary: "File a transcription in a folder",
    description: "`folder_id` null unfiles it. `workspace_id` must be the transcription's own space: a key files within its space and never moves a transcription to another (403).",
    tag: "Folders",
    access: BEARER("write"),
    params: TRANSCRIPTION_ID,
    ok: { description: "The transcription, filed." },
    errors: ["400", ...KEY_ERRORS, "404", "409"],
  },
  {
    endpoint: sharing.listShareLinks,
    operationId: "listShareLinks",
    summary: "List a transcript's share links",
    description: `Links not revoked (expired ones too), newest first, each with its address. The transcript's owner, or a workspace's owner and admins. ${IN_KEY_SPACE}`,
    tag: "Share links",
    access: BEARER("write"),
    params: TRANSCRIPTION_ID,
    ok: { description: "The links." },
    errors: [...KEY_ERRORS, "404"],
  },
  {
    endpoint: sharing.createShareLink,
    operationId: "createShareLink",
    summary: "Create a share link",
    description: "A read-only link to a finished transcript that anyone with it can open without an account. A write key: a link opens the transcript to whoever has it.",
    tag: "Share links",
    access: BEARER("write"),
    params: TRANSCRIPTION_ID,
    ok: { description: "The link, with its address." },
    errors: ["400", ...KEY_ERRORS, "404", "409"],
  },
  {
    endpoint: sharing.revokeShareLink,
    operationId: "revokeShareLink",
    summary: "Revoke a share link",
    description: "It opens nothing from now on.",
    tag: "Share links",
    access: BEARER("write"),
    params: { id: { description: "The link's id." } },
    ok: { description: "Revoked." },
    errors: [...KEY_ERRORS, "404"],
  },
  {
    endpoint: webhooks.listWebhooks,
    operationId: "listWebhooks",
    summary: "List webhooks",
    description: `The webhooks of your personal space, or of a workspace for its owner and admins, with their signing secrets. ${IN_KEY_SPACE} A write key: webhooks say where a space's events go.`,
    tag: "Webhooks",
    access: BEARER("write"),
    ok: { description: "The webhooks." },
    errors: KEY_ERRORS,
  },
  {
    endpoint: webhooks.createWebhook,
    operationId: "createWebhook",
    summary: "Create a webhook",
    description: "An https address (http only to this server's allowed hosts), and the events to send it (both when left out). At most 10 per space. The answer holds the new signing secret.",
    tag: "Webhooks",
    access: BEARER("write"),
    ok: { description: "The webhook." },
    errors: ["400", ...KEY_ERRORS, "422"],
  },
  {
    endpoint: webhooks.updateWebhook,
    operationId: "updateWebhook",
    summary: "Change a webhook's URL or events",
    description: "What is left out stays as it is.",
    tag: "Webhooks",
    access: BEARER("write"),
    params: WEBHOOK_ID,
    ok: { description: "The webhook." },
    errors: ["400", ...KEY_ERRORS, "404", "422"],
  },
  {
    endpoint: webhooks.rotateWebhookSecret,
    operationId: "rotateWebhookSecret",
    summary: "Rotate a webhook's signing secret",
    description: "Deliveries from now on, resends included, are signed with the new secret; the old one stops at once.",
    tag: "Webhooks",
    access: BEARER("write"),
    params: WEBHOOK_ID,
    ok: { description: "The webhook, with its new secret." },
    errors: [...KEY_ERRORS, "404"],
  },
  {
    endpoint: webhooks.pingWebhook,
    operationId: "pingWebhook",
    summary: "Send a test delivery",
    description:
      "Queues a signed `webhook.ping` delivery to the webhook's URL, sent, retried and logged like any other (its failures count toward disabling the webhook). One waits at a time: a second while the first is being sent is a 409.",
    tag: "Webhooks",
    access: BEARER("write"),
    params: WEBHOOK_ID,
    ok: { description: "The queued delivery: follow it in the delivery log." },
    errors: [...KEY_ERRORS, "404", "409"],
  },
  {
    endpoint: webhooks.enableWebhook,
    operationId: "enableWebhook",
    summary: "Enable a webhook again",
    description: "After it was disabled for failing 10 times in a row (or to cut its backoff short); its failures count afresh.",
    tag: "Webhooks",
    access: BEARER("write"),
    params: WEBHOOK_ID,
    ok: { description: "The webhook." },
    errors: [...KEY_ERRORS, "404"],
  },
  {
    endpoint: webhooks.deleteWebhook,
    operationId: "deleteWebhook",
    summary: "Delete a webhook",
    description: "With its delivery log.",
    tag: "Webhooks",
    access: BEARER("write"),
    params: WEBHOOK_ID,
    ok: { description: "Deleted (no body)." },
    errors: [...KEY_ERRORS, "404"],
  },
  {
    endpoint: webhooks.listWebhookDeliveries,
    operationId: "listWebhookDeliveries",
    summary: "List a webhook's deliveries",
    description: "The latest 50, newest first: the event, the transcription's id and title, the status, each attempt.",
    tag: "Webhooks",
    access: BEARER("write"),
    params: WEBHOOK_ID,
    ok: { description: "The deliveries." },
    errors: [...KEY_ERRORS, "404"],
  },
  {
    endpoint: webhooks.resendWebhookDelivery,
    operationId: "resendWebhookDelivery",
    summary: "Resend a delivery",
    description: "The same payload and delivery id (a receiver that got it can tell), signed afresh, with a new round of retries. One still being sent, or of a disabled webhook, is a conflict.",
    tag: "Webhooks",
    access: BEARER("write"),
    params: { id: { description: "The delivery's id." } },
    ok: { description: "Queued: it goes out from a worker." },
    errors: [...KEY_ERRORS, "404", "409"],
  },
  ...vocabularyOperations(),
  {
    endpoint: apiKeys.listApiKeys,
    operationId: "listApiKeys",
    summary: "List API keys",
    description: "The keys of the space you are in (a workspace's keys: its owner and admins only). Signed-in browser session only: a key cannot manage keys.",
    tag: "API keys",
    access: SESSION_ONLY,
    ok: { description: "The keys (never their tokens)." },
    errors: ["401", "403", "404"],
  },
  {
    endpoint: apiKeys.createApiKey,
    operationId: "createApiKey",
    summary: "Create an API key",
    description: "The answer's `token` is shown this once: only its SHA-256 hash is kept. Signed-in browser session only.",
    tag: "API keys",
    access: SESSION_ONLY,
    ok: { description: "The key, with its token." },
    errors: ["401", "403", "404", "422"],
  },
  {
    endpoint: apiKeys.revokeApiKey,
    operationId: "revokeApiKey",
    summary: "Revoke an API key",
    description: "The key is refused from its next request on. Signed-in browser session only.",
    tag: "API keys",
    access: SESSION_ONLY,
    params: { id: { description: "The key's id." } },
    ok: { description: "Revoked." },
    errors: ["401", "403", "404"],
  },
];

function paths(): OpenApiDocument["paths"] {
  const built: OpenApiDocument["paths"] = {};
  for (const d of DOCUMENTED) {
    const method = d.endpoint.method.toLowerCase() as Method;
    built[d.endpoint.path] = { ...built[d.endpoint.path], [method]: operation(d) };
  }
  return built;
}

let built: OpenApiDocument | undefined;

/** The document (built once: the contracts do not change while the server runs). */
export function openApiDocument(): OpenApiDocument {
  built ??= {
    openapi: "3.1.0",
    info: {
      title: "Verbatim REST API",
      version: "1",
      description:
        `Upload audio, follow transcriptions and export transcripts from scripts and other tools. Authenticate with an API key made on the Developers page: \`Authorization: Bearer vbt_…\`. Read keys may call GET operations only; each key may make ${API_KEY_RATE_LIMIT.max} requests a minute, and every answer to a key says how many are left (\`RateLimit-Remaining\`, \`RateLimit-Reset\`). Every error answers \`{ "detail": "a sentence" }\` (the \`Error\` schema). A typed TypeScript client and the \`verbatim\` command line are in the repository (\`sdk/\`): see /docs/api.`,
    },
    servers: [{ url: "/" }],
    tags: [
      { name: "Transcriptions", description: "List, read, upload, export and delete transcriptions." },
      { name: "Resumable uploads", description: "Large files, resumed after a dropped connection (tus 1.0)." },
      { name: "Direct uploads", description: "Uploads straight to the server's object storage, where it has one." },
      { name: "Folders", description: "A workspace's folders, and filing transcriptions in them." },
      { name: "Share links", description: "Read-only links to a finished transcript, for people without an account." },
      { name: "Webhooks", description: "Calls to your server when a transcription is done or failed, signed with `Verbatim-Signature`; their delivery logs." },
      { name: "Vocabulary", description: "A space's custom vocabulary (words and names to write as spelt) and its replacement rules (find → replace after recognition)." },
      { name: "API keys", description: "Managing keys (from the signed-in browser only)." },
    ],
    paths: paths(),
    webhooks: webhookEvents(),
    components: {
      securitySchemes: {
        bearerAuth: { type: "http", scheme: "bearer", bearerFormat: "vbt_ API key", description: "An API key from the Developers page." },
        cookieAuth: { type: "apiKey", in: "cookie", name: "better-auth.session_token", description: "The signed-in browser's session." },
      },
      schemas: {
        ...Object.fromEntries(Object.entries(NAMED).map(([name, schema]) => [name, schemaOf(schema, "output")])),
        Error: {
          type: "object",
          description: "Every error, whatever its status, has this shape: `detail` is the sentence to show. A few add fields their operation names (`upgrade`: the plan that would allow it; `current_version`; `conflicts`).",
          properties: { detail: { type: "string", description: "A sentence saying what went wrong and what to do." } },
          required: ["detail"],
        },
      },
    },
  };
  return built;
}
