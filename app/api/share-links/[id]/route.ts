import { OK } from "@/lib/api/contract/common";
import { db } from "@/lib/db/client";
import { route } from "@/lib/http/route";
import { revokeShareLink } from "@/lib/sharing/links";
import * as sharingApi from "@/lib/api/endpoints/sharing";

/** Revokes the link: from now on it opens nothing. */
export const DELETE = route(sharingApi.revokeShareLink, { auth: "user", apiKey: "write" }, async ({ user, params, within }) => {
  await revokeShareLink(db(), user.id, params.id, within);
  return OK;
});
