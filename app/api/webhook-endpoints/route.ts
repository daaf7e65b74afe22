import { db } from "@/lib/db/client";
import { route } from "@/lib/http/route";
import { toApiWebhook } from "@/lib/webhooks/answers";
import { createWebhook, listWebhooks } from "@/lib/webhooks/endpoints";
import * as webhooksApi from "@/lib/api/endpoints/webhooks";

// Webhooks take a write key (a read key only pulls transcripts): they say where a space's events go, and hold its secrets.

/** The webhooks of the caller's space (the session's active workspace for its owner and admins, or the key's space). */
export const GET = route(webhooksApi.listWebhooks, { auth: "user", apiKey: "write" }, async ({ user, space }) => ({
  webhooks: (await listWebhooks(db(), user.id, space)).map(toApiWebhook),
}));

/** Adds a webhook to that space, with a new signing secret. */
export const POST = route(webhooksApi.createWebhook, { auth: "user", apiKey: "write" }, async ({ user, space, body }) =>
  toApiWebhook(await createWebhook(db(), user.id, space, { url: body.url, events: body.events })),
);
