import { db } from "@/lib/db/client";
import { route } from "@/lib/http/route";
import { toApiWebhook } from "@/lib/webhooks/answers";
import { createWebhook, listWebhooks } from "@/lib/webhooks/endpoints";
import * as webhooksApi from "@/lib/api/endpoints/webhooks";

/** The webhooks of the space the session shows (personal, or the active workspace for its owner and admins). */
export const GET = route(webhooksApi.listWebhooks, { auth: "user" }, async ({ user, space }) => ({
  webhooks: (await listWebhooks(db(), user.id, space)).map(toApiWebhook),
}));

/** Adds a webhook to that space, with a new signing secret. */
export const POST = route(webhooksApi.createWebhook, { auth: "user" }, async ({ user, space, body }) =>
  toApiWebhook(await createWebhook(db(), user.id, space, { url: body.url, events: body.events })),
);
