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
  PART_URL: "The address the part-signing answer gave for the part (`urls[\"1\"]`); the part's bytes go there, not to this server.",
  FOLDER_ID: "A folder's `id`, from the folder list or its creation.",
  WORKSPACE_ID: "The workspace's id (`workspace_id` of its transcriptions); null for a personal space.",
  LINK_ID: "A share link's `id`, from the link list or its creation.",
  WEBHOOK_ID: "A webhook's `id`, from the webhook list or its creation.",
  YOUR_WEBHOOK_URL: "Your receiver's address, such as https://hooks.example.com/verbatim.",
  DELIVERY_ID: "A delivery's `id`, from the webhook's delivery log.",
  KEY_ID: "An API key's `id`, from the key list.",
  TERM_ID: "A vocabulary term's `id`, from the vocabulary or its creation.",
  RULE_ID: "A replacement rule's `id`, from the rule list or its creation.",
  "interview.mp3": "Your audio or video file's path (the command line and the client).",
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
  renameTranscription: lines(`curl -X PATCH "$VERBATIM_URL/api/transcriptions/TRANSCRIPTION_ID"`, AUTH, JSON_BODY({ title: "Board meeting, March" })),
  cancelTranscription: lines(`curl -X POST "$VERBATIM_URL/api/transcriptions/TRANSCRIPTION_ID/cancel"`, AUTH),
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
  // The part's bytes go to the storage's address; the ETag it answers is what this call records.
  recordDirectUploadPart: [
    `ETAG=$(curl -s -o /dev/null -D - -X PUT --data-binary @meeting.mp3 "PART_URL" | tr -d '\\r"' | awk 'tolower($1) == "etag:" { print $2 }')`,
    lines(
      `curl -X PUT "$VERBATIM_URL/api/direct-uploads/DIRECT_UPLOAD_ID/parts/1"`,
      AUTH,
      `-H "Content-Type: application/json" -d "{\\"etag\\": \\"$ETAG\\"}"`,
    ),
  ].join("\n"),
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
  listVocabulary: lines(`curl "$VERBATIM_URL/api/vocabulary"`, AUTH),
  addVocabularyTerm: lines(`curl -X POST "$VERBATIM_URL/api/vocabulary"`, AUTH, JSON_BODY({ term: "Dashwood", sounds_like: ["dash wood"] })),
  updateVocabularyTerm: lines(`curl -X PATCH "$VERBATIM_URL/api/vocabulary/TERM_ID"`, AUTH, JSON_BODY({ sounds_like: ["dash wood", "dashed wood"] })),
  deleteVocabularyTerm: lines(`curl -X DELETE "$VERBATIM_URL/api/vocabulary/TERM_ID"`, AUTH),
  listReplacements: lines(`curl "$VERBATIM_URL/api/replacements"`, AUTH),
  addReplacement: lines(`curl -X POST "$VERBATIM_URL/api/replacements"`, AUTH, JSON_BODY({ find: "e-mail", replace: "email" })),
  updateReplacement: lines(`curl -X PATCH "$VERBATIM_URL/api/replacements/RULE_ID"`, AUTH, JSON_BODY({ replace: "Email" })),
  deleteReplacement: lines(`curl -X DELETE "$VERBATIM_URL/api/replacements/RULE_ID"`, AUTH),
  listWebhooks: lines(`curl "$VERBATIM_URL/api/webhook-endpoints"`, AUTH),
  createWebhook: lines(`curl -X POST "$VERBATIM_URL/api/webhook-endpoints"`, AUTH, JSON_BODY({ url: "YOUR_WEBHOOK_URL", events: ["transcription.done"] })),
  updateWebhook: lines(`curl -X PATCH "$VERBATIM_URL/api/webhook-endpoints/WEBHOOK_ID"`, AUTH, JSON_BODY({ events: ["transcription.done", "transcription.failed"] })),
  rotateWebhookSecret: lines(`curl -X POST "$VERBATIM_URL/api/webhook-endpoints/WEBHOOK_ID/rotate-secret"`, AUTH),
  pingWebhook: lines(`curl -X POST "$VERBATIM_URL/api/webhook-endpoints/WEBHOOK_ID/ping"`, AUTH),
  enableWebhook: lines(`curl -X POST "$VERBATIM_URL/api/webhook-endpoints/WEBHOOK_ID/enable"`, AUTH),
  deleteWebhook: lines(`curl -X DELETE "$VERBATIM_URL/api/webhook-endpoints/WEBHOOK_ID"`, AUTH),
  listWebhookDeliveries: lines(`curl "$VERBATIM_URL/api/webhook-endpoints/WEBHOOK_ID/deliveries"`, AUTH),
  resendWebhookDelivery: lines(`curl -X POST "$VERBATIM_URL/api/webhook-deliveries/DELIVERY_ID/resend"`, AUTH),
  // Keys are managed from the signed-in browser: these show the calls the Developers page makes.
  listApiKeys: `curl "$VERBATIM_URL/api/api-keys" -b cookies.txt  # a signed-in browser session, not a key`,
  createApiKey: lines(`curl -X POST "$VERBATIM_URL/api/api-keys" -b cookies.txt -H "Origin: $VERBATIM_URL"`, JSON_BODY({ name: "Nightly export", scope: "read" })),
  revokeApiKey: `curl -X DELETE "$VERBATIM_URL/api/api-keys/KEY_ID" -b cookies.txt -H "Origin: $VERBATIM_URL"`,
};

/** The command line's examples on /docs/api, each run as printed by e2e/sdk-cli.spec.ts from the clone's directory. */
export const CLI_EXAMPLES: ReadonlyArray<{ does: string; command: string }> = [
  { does: "Transcribe a file, wait until it is done and save its subtitles", command: "npx verbatim transcribe interview.mp3 --language en --format srt --wait > interview.srt" },
  { does: "Upload only, and print the new transcription's id", command: "npx verbatim transcribe interview.mp3" },
  { does: "Wait until a transcription is done", command: "npx verbatim wait TRANSCRIPTION_ID" },
  { does: "List transcriptions whose title or text has a word", command: "npx verbatim list --search country" },
  { does: "A transcription with its segments, as JSON", command: "npx verbatim status TRANSCRIPTION_ID" },
  { does: "Save a finished transcript as a Word document", command: "npx verbatim export TRANSCRIPTION_ID --format docx --out interview.docx" },
];

/** The typed client's example on /docs/api: a script in the clone, run with `npx tsx my-script.ts` (e2e/sdk-cli.spec.ts runs it). */
export const CLIENT_EXAMPLE = `import { Verbatim } from "./sdk/verbatim-client";
import { renameTranscription } from "./lib/api/endpoints/transcription";

async function main() {
  const verbatim = new Verbatim({ url: process.env.VERBATIM_URL!, apiKey: process.env.VERBATIM_API_KEY! });
  // Sent with tus: stopped and run again, it resumes from what arrived.
  const created = await verbatim.upload("interview.mp3", { language: "en" });
  const done = await verbatim.waitUntilDone(created.id, { onStatus: (t) => console.error(t.status) });
  console.log(done.segments.map((s) => s.text).join("\\n"));
  const { filename, bytes } = await verbatim.export(created.id, "vtt");
  console.error(\`\${filename}: \${bytes.length} bytes\`);
  // Any other operation, typed by its endpoint; a refusal throws a VerbatimError with the server's sentence.
  const renamed = await verbatim.call(renameTranscription, { params: { id: created.id }, body: { title: "Interview with Maya" } });
  console.error(\`Renamed to \${renamed.title}.\`);
}

main().catch((error: Error) => {
  console.error(error.message);
  process.exit(1);
});
`;

/**
 * A webhook receiver's check of `Verbatim-Signature`, standalone (no dependency but Node's
 * crypto): what docs/api.md and /docs/api print, run by e2e/sdk-cli.spec.ts against a real
 * delivery. The client exports the same check (`verifyWebhookSignature`).
 */
export const VERIFY_EXAMPLE = `import { createHmac, timingSafeEqual } from "node:crypto";

export function verifyWebhookSignature(secret: string, header: string, body: string, toleranceS = 300): boolean {
  const parts = Object.fromEntries(header.split(",").map((p) => p.split("=", 2)));
  const t = Number(parts.t);
  if (!Number.isInteger(t) || Math.abs(Date.now() / 1000 - t) > toleranceS || !/^[0-9a-f]{64}$/.test(parts.v1 ?? "")) return false;
  const expected = createHmac("sha256", secret).update(\`\${t}.\${body}\`).digest();
  return timingSafeEqual(Buffer.from(parts.v1, "hex"), expected);
}
`;
