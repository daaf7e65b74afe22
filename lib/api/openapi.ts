/**
 * The OpenAPI 3.1 description of the public REST API (what a script may call with an API key,
 * and the key management it needs), built from the same zod contracts the routes validate and
 * answer with: a field added to a contract appears here without anyone writing it twice.
 * Served at /api/openapi.json and rendered by the docs page /docs/api.
 */
import { toJSONSchema, type z } from "zod";
import { ApiKeyList, CreatedApiKey, CreateApiKeyBody } from "./contract/api-keys";
import { OkAnswer } from "./contract/common";
import { ApiTranscription, TranscriptionDetail, TranscriptionList, DeleteQuery, ExportQuery, TranscriptionListQuery, UploadQuery } from "./contract/transcriptions";
import { DirectUploadAnswer, PartAddresses, PartReceipt, SignParts, StartDirectUpload } from "./contract/uploads";

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
}

export interface OpenApiDocument {
  openapi: "3.1.0";
  info: { title: string; version: string; description: string };
  servers: Array<{ url: string }>;
  tags: Array<{ name: string; description: string }>;
  paths: Record<string, Partial<Record<Method, Operation>>>;
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

/** A query contract's fields as query parameters. */
function queryParameters(schema: z.core.$ZodType): Parameter[] {
  const json = schemaOf(schema, "input") as { properties?: Record<string, JsonSchema>; required?: string[] };
  return Object.entries(json.properties ?? {}).map(([name, property]) => ({
    name,
    in: "query",
    required: json.required?.includes(name) ?? false,
    schema: property,
  }));
}

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const jsonContent = (schema: JsonSchema) => ({ "application/json": { schema } });
const ID: Parameter = { name: "id", in: "path", required: true, description: "The transcription's id.", schema: { type: "string" } };
/** An API key of this scope, or the signed-in browser's session. */
const BEARER = (scope: "read" | "write"): Pick<Operation, "security" | "x-api-key-scope"> => ({ security: [{ bearerAuth: [] }, { cookieAuth: [] }], "x-api-key-scope": scope });
const SESSION_ONLY: Pick<Operation, "security"> = { security: [{ cookieAuth: [] }] };

const ERROR_CODES: Record<string, string> = {
  "400": "The request is malformed.",
  "401": "No valid API key or session (`This API key is not valid.`).",
  "403": "Not allowed: a read-only key on a write operation (`This API key can only read.`), or a plan without the feature.",
  "404": "No such resource, or not yours: another user's or workspace's transcription is never revealed.",
  "413": "The file is larger than the plan allows.",
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
        ...(code === "429" ? { headers: { "Retry-After": { description: "Seconds to wait.", schema: { type: "integer" } } } } : {}),
        content: jsonContent(ref("Error")),
      },
    ]),
  );
}

const KEY_ERRORS = ["401", "403", "429"];

function paths(): OpenApiDocument["paths"] {
  return {
    "/api/transcriptions": {
      get: {
        operationId: "listTranscriptions",
        summary: "List transcriptions",
        description: "The transcriptions you can read, the newest first; `q` searches titles and transcripts.",
        tags: ["Transcriptions"],
        ...BEARER("read"),
        parameters: queryParameters(TranscriptionListQuery),
        responses: { "200": { description: "The transcriptions.", content: jsonContent(ref("TranscriptionList")) }, ...errors("400", ...KEY_ERRORS) },
      },
      post: {
        operationId: "uploadTranscription",
        summary: "Upload a file (sent whole)",
        description:
          "The raw audio or video file is the body; `filename` names it. Transcription starts at once; poll `GET /api/transcriptions/{id}` (or use webhooks) until `status` is `done`. For large files or unreliable networks use the resumable upload.",
        tags: ["Transcriptions"],
        ...BEARER("write"),
        parameters: queryParameters(UploadQuery),
        requestBody: { required: true, content: { "application/octet-stream": { schema: { type: "string", contentMediaType: "application/octet-stream" } } } },
        responses: {
          "201": { description: "The new transcription (queued).", content: jsonContent(ref("ApiTranscription")) },
          ...errors("400", ...KEY_ERRORS, "413", "415", "422"),
        },
      },
    },
    "/api/transcriptions/{id}": {
      get: {
        operationId: "getTranscription",
        summary: "Get a transcription with its segments",
        tags: ["Transcriptions"],
        ...BEARER("read"),
        parameters: [ID],
        responses: { "200": { description: "The transcription and its segments.", content: jsonContent(ref("TranscriptionDetail")) }, ...errors(...KEY_ERRORS, "404") },
      },
      delete: {
        operationId: "deleteTranscription",
        summary: "Delete a transcription",
        description: "Moves it to Recently deleted (restorable for 30 days); `permanent=1` removes it and its audio for good.",
        tags: ["Transcriptions"],
        ...BEARER("write"),
        parameters: [ID, ...queryParameters(DeleteQuery)],
        responses: { "200": { description: "Deleted.", content: jsonContent(ref("Ok")) }, ...errors(...KEY_ERRORS, "404", "422") },
      },
    },
    "/api/transcriptions/{id}/export": {
      get: {
        operationId: "exportTranscription",
        summary: "Export a transcript",
        description: "Downloads the transcript as `txt`, `md`, `pdf`, `docx`, `srt` or `vtt`, as your plan allows.",
        tags: ["Transcriptions"],
        ...BEARER("read"),
        parameters: [ID, ...queryParameters(ExportQuery)],
        responses: {
          "200": {
            description: "The file (Content-Disposition names it).",
            content: { "application/octet-stream": { schema: { type: "string", contentMediaType: "application/octet-stream" } } },
          },
          ...errors(...KEY_ERRORS, "404", "422"),
        },
      },
    },
    "/api/transcriptions/{id}/audio": {
      get: {
        operationId: "getTranscriptionAudio",
        summary: "Download the audio",
        description: "The recording the transcript was made from; supports `Range` requests.",
        tags: ["Transcriptions"],
        ...BEARER("read"),
        parameters: [ID],
        responses: { "200": { description: "The audio.", content: { "audio/*": { schema: { type: "string", contentMediaType: "audio/*" } } } }, ...errors(...KEY_ERRORS, "404") },
      },
    },
    "/api/uploads": {
      post: {
        operationId: "createResumableUpload",
        summary: "Start a resumable upload (tus 1.0)",
        description:
          "A tus 1.0 creation request: `Tus-Resumable: 1.0.0`, `Upload-Length` (bytes), and `Upload-Metadata` with base64 values for `filename`, `filetype`, and optionally `language`, `source`, `first_seconds`, `speakers`. Answers 201 with `Location` (the upload's address); send the file to it with PATCH. Concatenation (`Upload-Concat`, parallel uploads) is not supported: 400. Any tus client works, with the `Authorization` header added.",
        tags: ["Resumable uploads"],
        ...BEARER("write"),
        parameters: [
          { name: "Tus-Resumable", in: "header", required: true, schema: { type: "string", const: "1.0.0" } },
          { name: "Upload-Length", in: "header", required: true, schema: { type: "integer", minimum: 0 } },
          { name: "Upload-Metadata", in: "header", required: true, schema: { type: "string" } },
        ],
        responses: {
          "201": { description: "Started; `Location` is the upload's address.", headers: { Location: { schema: { type: "string" } } } },
          ...errors(...KEY_ERRORS, "413", "415"),
        },
      },
    },
    "/api/uploads/{id}": {
      head: {
        operationId: "resumableUploadOffset",
        summary: "How much of a resumable upload arrived",
        tags: ["Resumable uploads"],
        ...BEARER("write"),
        parameters: [{ ...ID, description: "The upload's id (the last segment of its Location)." }, { name: "Tus-Resumable", in: "header", required: true, schema: { type: "string", const: "1.0.0" } }],
        responses: { "200": { description: "`Upload-Offset` says how many bytes arrived.", headers: { "Upload-Offset": { schema: { type: "integer" } } } }, ...errors(...KEY_ERRORS, "404") },
      },
      patch: {
        operationId: "appendResumableUpload",
        summary: "Send a part of a resumable upload",
        description: "`Content-Type: application/offset+octet-stream`, `Upload-Offset` = the bytes already sent. The answer to the last part carries the new transcription as JSON.",
        tags: ["Resumable uploads"],
        ...BEARER("write"),
        parameters: [
          { ...ID, description: "The upload's id." },
          { name: "Tus-Resumable", in: "header", required: true, schema: { type: "string", const: "1.0.0" } },
          { name: "Upload-Offset", in: "header", required: true, schema: { type: "integer", minimum: 0 } },
        ],
        requestBody: { required: true, content: { "application/offset+octet-stream": { schema: { type: "string", contentMediaType: "application/octet-stream" } } } },
        responses: {
          "204": { description: "The part was stored; `Upload-Offset` is the new offset." },
          "200": { description: "The last part: the upload became this transcription.", content: jsonContent(ref("ApiTranscription")) },
          ...errors(...KEY_ERRORS, "404", "413"),
        },
      },
      delete: {
        operationId: "cancelResumableUpload",
        summary: "Cancel a resumable upload",
        tags: ["Resumable uploads"],
        ...BEARER("write"),
        parameters: [{ ...ID, description: "The upload's id." }, { name: "Tus-Resumable", in: "header", required: true, schema: { type: "string", const: "1.0.0" } }],
        responses: { "204": { description: "Cancelled." }, ...errors(...KEY_ERRORS, "404") },
      },
    },
    "/api/direct-uploads": {
      post: {
        operationId: "startDirectUpload",
        summary: "Start an upload straight to object storage",
        description: "Only where the server stores audio in S3-compatible storage (otherwise 503): sign parts, PUT them to the addresses, report each part's ETag, then complete.",
        tags: ["Direct uploads"],
        ...BEARER("write"),
        requestBody: { required: true, content: jsonContent(schemaOf(StartDirectUpload, "input")) },
        responses: { "201": { description: "Started.", content: jsonContent(ref("DirectUpload")) }, ...errors(...KEY_ERRORS, "413", "415", "422") },
      },
    },
    "/api/direct-uploads/{id}/parts": {
      post: {
        operationId: "signDirectUploadParts",
        summary: "Addresses to PUT parts to",
        tags: ["Direct uploads"],
        ...BEARER("write"),
        parameters: [{ ...ID, description: "The direct upload's id." }],
        requestBody: { required: true, content: jsonContent(schemaOf(SignParts, "input")) },
        responses: { "200": { description: "One address per part number.", content: jsonContent(schemaOf(PartAddresses, "output")) }, ...errors(...KEY_ERRORS, "404", "422") },
      },
    },
    "/api/direct-uploads/{id}/parts/{number}": {
      put: {
        operationId: "recordDirectUploadPart",
        summary: "Record a stored part's ETag",
        tags: ["Direct uploads"],
        ...BEARER("write"),
        parameters: [{ ...ID, description: "The direct upload's id." }, { name: "number", in: "path", required: true, schema: { type: "integer", minimum: 1 } }],
        requestBody: { required: true, content: jsonContent(schemaOf(PartReceipt, "input")) },
        responses: { "200": { description: "Recorded.", content: jsonContent(ref("Ok")) }, ...errors(...KEY_ERRORS, "404", "422") },
      },
    },
    "/api/direct-uploads/{id}/complete": {
      post: {
        operationId: "completeDirectUpload",
        summary: "Finish a direct upload",
        tags: ["Direct uploads"],
        ...BEARER("write"),
        parameters: [{ ...ID, description: "The direct upload's id." }],
        responses: { "201": { description: "The new transcription.", content: jsonContent(ref("ApiTranscription")) }, ...errors(...KEY_ERRORS, "404", "409") },
      },
    },
    "/api/api-keys": {
      get: {
        operationId: "listApiKeys",
        summary: "List API keys",
        description: "The keys of the space you are in (a workspace's keys: its owner and admins only). Signed-in browser session only: a key cannot manage keys.",
        tags: ["API keys"],
        ...SESSION_ONLY,
        responses: { "200": { description: "The keys (never their tokens).", content: jsonContent(ref("ApiKeyList")) }, ...errors("401", "403", "404") },
      },
      post: {
        operationId: "createApiKey",
        summary: "Create an API key",
        description: "The answer's `token` is shown this once: only its SHA-256 hash is kept. Signed-in browser session only.",
        tags: ["API keys"],
        ...SESSION_ONLY,
        requestBody: { required: true, content: jsonContent(schemaOf(CreateApiKeyBody, "input")) },
        responses: { "201": { description: "The key, with its token.", content: jsonContent(ref("CreatedApiKey")) }, ...errors("401", "403", "404", "422") },
      },
    },
    "/api/api-keys/{id}": {
      delete: {
        operationId: "revokeApiKey",
        summary: "Revoke an API key",
        description: "The key is refused from its next request on. Signed-in browser session only.",
        tags: ["API keys"],
        ...SESSION_ONLY,
        parameters: [{ ...ID, description: "The key's id." }],
        responses: { "200": { description: "Revoked.", content: jsonContent(ref("Ok")) }, ...errors("401", "403", "404") },
      },
    },
  };
}

/** Answers named once and referred to by `$ref`. */
const NAMED: Record<string, z.core.$ZodType> = {
  ApiTranscription,
  TranscriptionDetail,
  TranscriptionList,
  DirectUpload: DirectUploadAnswer,
  ApiKeyList,
  CreatedApiKey,
  Ok: OkAnswer,
};

let built: OpenApiDocument | undefined;

/** The document (built once: the contracts do not change while the server runs). */
export function openApiDocument(): OpenApiDocument {
  built ??= {
    openapi: "3.1.0",
    info: {
      title: "Verbatim REST API",
      version: "1",
      description:
        "Upload audio, follow transcriptions and export transcripts from scripts and other tools. Authenticate with an API key made on the Developers page: `Authorization: Bearer vbt_…`. Read keys may call GET operations only; each key may make 120 requests a minute. Errors answer `{ \"detail\": \"a sentence\" }`.",
    },
    servers: [{ url: "/" }],
    tags: [
      { name: "Transcriptions", description: "List, read, upload, export and delete transcriptions." },
      { name: "Resumable uploads", description: "Large files, resumed after a dropped connection (tus 1.0)." },
      { name: "Direct uploads", description: "Uploads straight to the server's object storage, where it has one." },
      { name: "API keys", description: "Managing keys (from the signed-in browser only)." },
    ],
    paths: paths(),
    components: {
      securitySchemes: {
        bearerAuth: { type: "http", scheme: "bearer", bearerFormat: "vbt_ API key", description: "An API key from the Developers page." },
        cookieAuth: { type: "apiKey", in: "cookie", name: "better-auth.session_token", description: "The signed-in browser's session." },
      },
      schemas: {
        ...Object.fromEntries(Object.entries(NAMED).map(([name, schema]) => [name, schemaOf(schema, "output")])),
        Error: { type: "object", properties: { detail: { type: "string", description: "A sentence saying what went wrong and what to do." } }, required: ["detail"] },
      },
    },
  };
  return built;
}
