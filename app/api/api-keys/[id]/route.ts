import { OK } from "@/lib/api/contract/common";
import { revokeApiKey } from "@/lib/api-keys/keys";
import { db } from "@/lib/db/client";
import { route } from "@/lib/http/route";
import * as apiKeysApi from "@/lib/api/endpoints/api-keys";

/** Revokes the key: its next request is refused (401). Session cookie only. */
export const DELETE = route(apiKeysApi.revokeApiKey, { auth: "user" }, async ({ user, space, params }) => {
  await revokeApiKey(db(), user.id, space, params.id);
  return OK;
});
