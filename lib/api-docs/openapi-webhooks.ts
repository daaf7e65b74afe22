/**
 * The OpenAPI 3.1 `webhooks` section: what Verbatim sends to a webhook's URL for each event,
 * with the headers, the signature and how to verify it, and the retries. The facts are the
 * delivery code's own constants, so the document cannot drift from what is sent.
 */
import { DELIVERY_EVENT_NAMES, WEBHOOK_DISABLE_AFTER_FAILURES } from "@/lib/api/contract/webhooks";
import { DELIVERY_TIMEOUT_MS } from "@/lib/webhooks/send";

const SIGNATURE_HELP = [
  "`t=<unix seconds>,v1=<hex HMAC-SHA256>`: the HMAC of `\"<t>.<raw body>\"` with the webhook's secret (`whsec_…`) as the key, made afresh at each attempt.",
  "To verify: split the header on `,` into `t` and `v1`;",
  "refuse a `t` more than 5 minutes from your clock (a replayed call); compute the HMAC over the raw body bytes as received, before parsing them;",
  "compare it with `v1` in constant time. The README and /docs/api show a 10-line function that does this.",
].join(" ");

const headers = [
  { name: "Verbatim-Signature", in: "header", required: true, description: SIGNATURE_HELP, schema: { type: "string", pattern: "^t=\\d+(,v1=[0-9a-f]{64})+$" } },
  { name: "Verbatim-Event", in: "header", required: true, description: "The event, as in the body's `type`.", schema: { type: "string", enum: [...DELIVERY_EVENT_NAMES] } },
  {
    name: "Verbatim-Delivery",
    in: "header",
    required: true,
    description: "The delivery's id, the same on every retry and resend: keep the ids you have handled and ignore a repeat.",
    schema: { type: "string", format: "uuid" },
  },
  { name: "User-Agent", in: "header", required: true, schema: { type: "string", const: "Verbatim-Webhooks/1" } },
];

const seconds = (ms: number) => `${ms / 1000} s`;
const RETRIES = [
  `Answer with any 2xx within ${seconds(DELIVERY_TIMEOUT_MS)} (answer at once, work afterwards); the connection must be accepted within 2 s.`,
  "Anything else — another status, a redirect (never followed), a timeout, a network error — is retried after 10 s, 30 s, 2 min, 10 min and 30 min; after the sixth attempt the delivery is failed.",
  "Deliveries to one URL go one at a time. An endpoint failing in a row backs off (its deliveries wait, uncounted),",
  `and after ${WEBHOOK_DISABLE_AFTER_FAILURES} failures in a row it is disabled until enabled again (\`POST /api/webhook-endpoints/{id}/enable\`); then resend what it missed.`,
].join(" ");

type DeliveryEvent = (typeof DELIVERY_EVENT_NAMES)[number];

const SUMMARY: Record<DeliveryEvent, string> = {
  "transcription.done": "A transcription is done",
  "transcription.failed": "A transcription failed",
  "webhook.ping": "A test delivery",
};
const WHEN: Record<DeliveryEvent, string> = {
  "transcription.done": "Sent when a transcription of the webhook's space finishes: fetch its text with `GET /api/transcriptions/{id}` or an export, with an API key.",
  "transcription.failed": "Sent when a transcription of the webhook's space fails; `data.transcription.error` says why.",
  "webhook.ping": "Sent when the webhook's manager asks for a test (`POST /api/webhook-endpoints/{id}/ping`, or \"Send test\" on the Developers page); whatever events it was made for. Verify it as any delivery.",
};

const envelope = (event: DeliveryEvent, data: Record<string, unknown>) => ({
  type: "object",
  required: ["id", "type", "created_at", "data"],
  properties: {
    id: { type: "string", format: "uuid", description: "The delivery's id (also in `Verbatim-Delivery`)." },
    type: { type: "string", const: event },
    created_at: { type: "string", format: "date-time" },
    data,
  },
});
const WORKSPACE = { type: ["string", "null"], description: "The workspace it belongs to; null: its uploader's personal space." };

/** The body of every delivery: the delivery's id, the event, and the transcription as `GET /api/transcriptions/{id}` answers its summary — never the transcript's text. */
function payload(event: DeliveryEvent) {
  if (event === "webhook.ping") {
    return envelope(event, { type: "object", required: ["webhook_id", "workspace_id"], properties: { webhook_id: { type: "string" }, workspace_id: WORKSPACE } });
  }
  return envelope(event, {
    type: "object",
    required: ["transcription", "workspace_id"],
    properties: { transcription: { $ref: "#/components/schemas/ApiTranscription" }, workspace_id: WORKSPACE },
  });
}

/** One POST per event, keyed by the event's name. */
export function webhookEvents(): Record<string, { post: Record<string, unknown> }> {
  return Object.fromEntries(
    DELIVERY_EVENT_NAMES.map((event) => [
      event,
      {
        post: {
          operationId: `webhook_${event.replace(".", "_")}`,
          summary: SUMMARY[event],
          description: `${WHEN[event]} ${RETRIES}`,
          tags: ["Webhooks"],
          parameters: headers,
          requestBody: { required: true, content: { "application/json": { schema: payload(event) } } },
          responses: {
            "200": { description: "Any 2xx answer delivers it; the body is not read." },
            default: { description: "Anything else is a failed attempt, retried as described." },
          },
        },
      },
    ]),
  );
}
