import { OK } from "@/lib/api/contract/common";
import { db } from "@/lib/db/client";
import { route } from "@/lib/http/route";
import { toApiTerm } from "@/lib/vocabulary/answers";
import { deleteTerm, updateTerm } from "@/lib/vocabulary/terms";
import * as vocabularyApi from "@/lib/api/endpoints/vocabulary";

/** A new spelling or new "sounds like" hints for the term (what is left out stays). */
export const PATCH = route(vocabularyApi.updateVocabularyTerm, { auth: "user", apiKey: "write" }, async ({ user, params, body, within }) =>
  toApiTerm(await updateTerm(db(), user.id, params.id, { term: body.term, soundsLike: body.sounds_like }, within)),
);

/** Removes the term; transcriptions already made keep what they were written with. */
export const DELETE = route(vocabularyApi.deleteVocabularyTerm, { auth: "user", apiKey: "write" }, async ({ user, params, within }) => {
  await deleteTerm(db(), user.id, params.id, within);
  return OK;
});
