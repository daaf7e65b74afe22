/**
 * One runnable `curl` example per operation of the OpenAPI document, shown on /docs/api and
 * carried in the document as `x-codeSamples`. They are run as printed by e2e/api-docs-examples
 * (with the placeholders replaced as EXAMPLE_PLACEHOLDERS explains), so an example that stops
 * working breaks CI.
 *
 * `$VERBATIM_URL` and `$VERBATIM_API_KEY` are shell variables the reader sets; the capitalised
 * ids are values an earlier answer gave (EXAMPLE_PLACEHOLDERS says which).
 */

/** What each placeholder stands for, and where its value comes from. */
export const EXAMPLE_PLACEHOLDERS: Record<string, string> = {
  $VERBATIM_URL: "This server's address, such as https://verbatim.example.com (no trailing slash).",
  $VERBATIM_API_KEY: "An API key from the Developers page (vbt_…); a write key for anything that changes something.",
  TRANSCRIPTION_ID: "A transcription's `id`, from an upload's answer or the list.",
  UPLOAD_ID: "A resumable upload's id: the last part of the `Location` header its creation answered.",
  DIRECT_UPLOAD_ID: "A direct upload's `id`, from the answer that started it.",
  ETAG: "The `ETag` header the storage answered for the part you PUT.",
  FOLDER_ID: "A folder's `id`, from the folder list or its creation.",
  WORKSPACE_ID: "The workspace's id (`workspace_id` of its transcriptions); null for a personal space.",
  LINK_ID: "A share link's `id`, from the link list or its creation.",
  WEBHOOK_ID: "A webhook's `id`, from the webhook list or its creation.",
  YOUR_WEBHOOK_URL: "Your receiver's address, such as https://hooks.example.com/verbatim.",
  DELIVERY_ID: "A delivery's `id`, from the webhook's delivery log.",
  KEY_ID: "An API key's `id`, from the key list.",
};

const AUTH = `-H "Authorization: Bearer $VERBATIM_API_KEY"`;
const JSON_BODY = (body: unknown) => `-H "Content-Type: application/json" -d '${JSON.stringify(body)}'`;
const TUS = `-H "Tus-Resumable: 1.0.0"`;
const lines = (...parts: string[]) => parts.join(" \\\n  ");

export const EXAMPLES: Record<string, string> = {
  listTranscriptions: lines(`curl "$VERBATIM_URL/api/transcriptions?q=budget"`, AUTH),
  uploadTranscription: lines(
    `curl -X POST "$VERBATIM_URL/api/transcriptions?filename=meeting.mp3&language=en"`,
    AUTH,
    `-H "Content-Type: audio/mpeg" --data-binary @meeting.mp3`,
  ),
  getTranscription: lines(`curl "$VERBATIM_URL/api/transcriptions/TRANSCRIPTION_ID"`, AUTH),
  exportTranscription: lines(`curl "$VERBATIM_URL/api/transcriptions/TRANSCRIPTION_ID/export?format=srt"`, AUTH, `-o meeting.srt`),
  getTranscriptionAudio: lines(`curl "$VERBATIM_URL/api/transcriptions/TRANSCRIPTION_ID/audio"`, AUTH, `-o meeting-audio`),
  deleteTranscription: lines(`curl -X DELETE "$VERBATIM_URL/api/transcriptions/TRANSCRIPTION_ID"`, AUTH),
  transcriptionOptions: lines(`curl "$VERBATIM_URL/api/transcription/options"`, AUTH),
  createResumableUpload: lines(
    `curl -i -X POST "$VERBATIM_URL/api/uploads"`,
    AUTH,
    TUS,
    `-H "Upload-Length: $(wc -c < meeting.mp3)"`,
    `-H "Upload-Metadata: filename $(printf meeting.mp3 | base64),filetype $(printf audio/mpeg | base64),language $(printf en | base64)"`,
  ),
  appendResumableUpload: lines(
    `curl -X PATCH "$VERBATIM_URL/api/uploads/UPLOAD_ID"`,
    AUTH,
    TUS,
    `-H "Upload-Offset: 0" -H "Content-Type: application/offset+octet-stream"`,
    `--data-binary @meeting.mp3`,
  ),
  resumableUploadOffset: lines(`curl -I "$VERBATIM_URL/api/uploads/UPLOAD_ID"`, AUTH, TUS),
  cancelResumableUpload: lines(`curl -X DELETE "$VERBATIM_URL/api/uploads/UPLOAD_ID"`, AUTH, TUS),
  startDirectUpload: lines(
    `curl -X POST "$VERBATIM_URL/api/direct-uploads"`,
    AUTH,
    `-H "Content-Type: application/json" -d "{\\"filename\\": \\"meeting.mp3\\", \\"size\\": $(wc -c < meeting.mp3), \\"content_type\\": \\"audio/mpeg\\"}"`,
  ),
  signDirectUploadParts: lines(`curl -X POST "$VERBATIM_URL/api/direct-uploads/DIRECT_UPLOAD_ID/parts"`, AUTH, JSON_BODY({ numbers: [1] })),
  recordDirectUploadPart: lines(`curl -X PUT "$VERBATIM_URL/api/direct-uploads/DIRECT_UPLOAD_ID/parts/1"`, AUTH, JSON_BODY({ etag: "ETAG" })),
  completeDirectUpload: lines(`curl -X POST "$VERBATIM_URL/api/direct-uploads/DIRECT_UPLOAD_ID/complete"`, AUTH),
  listFolders: lines(`curl "$VERBATIM_URL/api/folders"`, AUTH),
  createFolder: lines(`curl -X POST "$VERBATIM_URL/api/folders"`, AUTH, JSON_BODY({ name: "Interviews" })),
  renameFolder: lines(`curl -X PATCH "$VERBATIM_URL/api/folders/FOLDER_ID"`, AUTH, JSON_BODY({ name: "Interviews 2026" })),
  deleteFolder: lines(`curl -X DELETE "$VERBATIM_URL/api/folders/FOLDER_ID"`, AUTH),
  fileTranscription: lines(
    `curl -X PATCH "$VERBATIM_URL/api/transcriptions/TRANSCRIPTION_ID/location"`,
    AUTH,
    `-H "Content-Type: application/json" -d '{"workspace_id": "WORKSPACE_ID", "folder_id": "FOLDER_ID"}'`,
  ),
  listShareLinks: lines(`curl "$VERBATIM_URL/api/transcriptions/TRANSCRIPTION_ID/share-links"`, AUTH),
  createShareLink: lines(
    `curl -X POST "$VERBATIM_URL/api/transcriptions/TRANSCRIPTION_ID/share-links"`,
    AUTH,
    JSON_BODY({ allow_export: true, show_speakers: true, expires_in_days: 30 }),
  ),
  revokeShareLink: lines(`curl -X DELETE "$VERBATIM_URL/api/share-links/LINK_ID"`, AUTH),
  listWebhooks: lines(`curl "$VERBATIM_URL/api/webhook-endpoints"`, AUTH),
  createWebhook: lines(`curl -X POST "$VERBATIM_URL/api/webhook-endpoints"`, AUTH, JSON_BODY({ url: "YOUR_WEBHOOK_URL", events: ["transcription.done"] })),
  updateWebhook: lines(`curl -X PATCH "$VERBATIM_URL/api/webhook-endpoints/WEBHOOK_ID"`, AUTH, JSON_BODY({ events: ["transcription.done", "transcription.failed"] })),
  rotateWebhookSecret: lines(`curl -X POST "$VERBATIM_URL/api/webhook-endpoints/WEBHOOK_ID/rotate-secret"`, AUTH),
  enableWebhook: lines(`curl -X POST "$VERBATIM_URL/api/webhook-endpoints/WEBHOOK_ID/enable"`, AUTH),
  deleteWebhook: lines(`curl -X DELETE "$VERBATIM_URL/api/webhook-endpoints/WEBHOOK_ID"`, AUTH),
  listWebhookDeliveries: lines(`curl "$VERBATIM_URL/api/webhook-endpoints/WEBHOOK_ID/deliveries"`, AUTH),
  resendWebhookDelivery: lines(`curl -X POST "$VERBATIM_URL/api/webhook-deliveries/DELIVERY_ID/resend"`, AUTH),
  // Keys are managed from the signed-in browser: these show the calls the Developers page makes.
  listApiKeys: `curl "$VERBATIM_URL/api/api-keys" -b cookies.txt  # a signed-in browser session, not a key`,
  createApiKey: lines(`curl -X POST "$VERBATIM_URL/api/api-keys" -b cookies.txt -H "Origin: $VERBATIM_URL"`, JSON_BODY({ name: "Nightly export", scope: "read" })),
  revokeApiKey: `curl -X DELETE "$VERBATIM_URL/api/api-keys/KEY_ID" -b cookies.txt -H "Origin: $VERBATIM_URL"`,
};
