import { OK } from "@/lib/api/contract/common";
import { db } from "@/lib/db/client";
import { route } from "@/lib/http/route";
import { toApiRule } from "@/lib/vocabulary/answers";
import { deleteRule, updateRule } from "@/lib/vocabulary/rules";
import * as vocabularyApi from "@/lib/api/endpoints/vocabulary";

/** New words to find, or a new replacement (what is left out stays). */
export const PATCH = route(vocabularyApi.updateReplacement, { auth: "user", apiKey: "write" }, async ({ user, params, body, within }) =>
  toApiRule(await updateRule(db(), user.id, params.id, { find: body.find, replace: body.replace }, within)),
);

/** Removes the rule; transcriptions already made keep what it wrote. */
export const DELETE = route(vocabularyApi.deleteReplacement, { auth: "user", apiKey: "write" }, async ({ user, params, within }) => {
  await deleteRule(db(), user.id, params.id, within);
  return OK;
});
