/** Bodies of /api/webhook-endpoints, validated by the server with these sentences (lib/webhooks checks the URL's rules). */
import { z } from "zod";
import { WEBHOOK_EVENT_NAMES } from "./webhooks";

const URL_MISSING = "Enter the URL to call.";
const EVENTS_SENTENCE = `Choose the events to send: ${WEBHOOK_EVENT_NAMES.map((e) => `"${e}"`).join(" and/or ")}.`;

/** `POST /api/webhook-endpoints`: a URL, and the events to send it (both when left out). */
export const CreateWebhookBody = z.object({
  url: z.string({ error: URL_MISSING }).trim().min(1, URL_MISSING),
  events: z
    .array(z.enum(WEBHOOK_EVENT_NAMES, { error: EVENTS_SENTENCE }), { error: EVENTS_SENTENCE })
    .min(1, "Choose at least one event.")
    .max(WEBHOOK_EVENT_NAMES.length, EVENTS_SENTENCE)
    .optional(),
});
export type CreateWebhookBody = z.infer<typeof CreateWebhookBody>;
