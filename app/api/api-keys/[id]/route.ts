import { OK, OkAnswer } from "@/lib/api/contract/common";
import { revokeApiKey } from "@/lib/api-keys/keys";
import { db } from "@/lib/db/client";
import { route } from "@/lib/http/route";

/** Revokes the key: its next request is refused (401). Session cookie only. */
export const DELETE = route({ auth: "user", answer: OkAnswer }, async ({ user, space, params }) => {
  await revokeApiKey(db(), user.id, space, params.id);
  return OK;
});
