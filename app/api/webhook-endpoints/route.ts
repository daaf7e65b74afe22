import { ApiWebhook, WebhookList, CreateWebhookBody } from "@/lib/api/contract/webhooks";
import { db } from "@/lib/db/client";
import { route } from "@/lib/http/route";
import { toApiWebhook } from "@/lib/webhooks/answers";
import { createWebhook, listWebhooks } from "@/lib/webhooks/endpoints";

/** The webhooks of the space the session shows (personal, or the active workspace for its owner and admins). */
export const GET = route({ auth: "user", answer: WebhookList }, async ({ user, space }) => ({
  webhooks: (await listWebhooks(db(), user.id, space)).map(toApiWebhook),
}));

/** Adds a webhook to that space, with a new signing secret. */
export const POST = route({ auth: "user", body: CreateWebhookBody, status: 201, answer: ApiWebhook }, async ({ user, space, body }) =>
  toApiWebhook(await createWebhook(db(), user.id, space, { url: body.url, events: body.events })),
);
