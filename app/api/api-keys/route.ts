import { createApiKey, listApiKeys } from "@/lib/api-keys/keys";
import { db } from "@/lib/db/client";
import { route } from "@/lib/http/route";
import * as apiKeysApi from "@/lib/api/endpoints/api-keys";

// Session cookie only (no `apiKey` option): a key can never list or make keys.

/** The keys of the space the session shows (a workspace's: its owner and admins only). */
export const GET = route(apiKeysApi.listApiKeys, { auth: "user" }, async ({ user, space }) => ({
  api_keys: await listApiKeys(db(), user.id, space),
}));

/** A new key; its `token` is in this answer and never again. */
export const POST = route(apiKeysApi.createApiKey, { auth: "user" }, async ({ user, space, body }) =>
  createApiKey(db(), user.id, space, body),
);
