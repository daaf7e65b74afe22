import { MAX_TERMS_PER_SPACE } from "@/lib/api/contract/vocabulary";
import { db } from "@/lib/db/client";
import { route } from "@/lib/http/route";
import { toApiTerm } from "@/lib/vocabulary/answers";
import { chosenSpace } from "@/lib/vocabulary/space";
import { addTerm, listTerms, TERM_NOT_FOUND } from "@/lib/vocabulary/terms";
import * as vocabularyApi from "@/lib/api/endpoints/vocabulary";

/** The vocabulary of the caller's space (`?space=personal`: their own while a workspace is active); its members may read it. */
export const GET = route(vocabularyApi.listVocabulary, { auth: "user", apiKey: "read" }, async ({ user, space, within, query }) => {
  const list = await listTerms(db(), user.id, chosenSpace(space, query.space === "personal", within, TERM_NOT_FOUND));
  return { terms: list.terms.map(toApiTerm), workspace_id: list.workspaceId, may_manage: list.mayManage, limit: MAX_TERMS_PER_SPACE };
});

/** Adds a term to that space's vocabulary (its owner and admins, in a workspace). */
export const POST = route(vocabularyApi.addVocabularyTerm, { auth: "user", apiKey: "write" }, async ({ user, space, within, query, body }) =>
  toApiTerm(await addTerm(db(), user.id, chosenSpace(space, query.space === "personal", within, TERM_NOT_FOUND), { term: body.term, soundsLike: body.sounds_like })),
);
