import { MAX_RULES_PER_SPACE } from "@/lib/api/contract/vocabulary";
import { db } from "@/lib/db/client";
import { route } from "@/lib/http/route";
import { toApiRule } from "@/lib/vocabulary/answers";
import { addRule, listRules, RULE_NOT_FOUND } from "@/lib/vocabulary/rules";
import { chosenSpace } from "@/lib/vocabulary/space";
import * as vocabularyApi from "@/lib/api/endpoints/vocabulary";

/** The replacement rules of the caller's space (`?space=personal`: their own while a workspace is active); its members may read them. */
export const GET = route(vocabularyApi.listReplacements, { auth: "user", apiKey: "read" }, async ({ user, space, within, query }) => {
  const list = await listRules(db(), user.id, chosenSpace(space, query.space === "personal", within, RULE_NOT_FOUND));
  return { rules: list.rules.map(toApiRule), workspace_id: list.workspaceId, may_manage: list.mayManage, limit: MAX_RULES_PER_SPACE };
});

/** Adds a rule to that space (its owner and admins, in a workspace): whole words found in any case, written as `replace`. */
export const POST = route(vocabularyApi.addReplacement, { auth: "user", apiKey: "write" }, async ({ user, space, within, query, body }) =>
  toApiRule(await addRule(db(), user.id, chosenSpace(space, query.space === "personal", within, RULE_NOT_FOUND), { find: body.find, replace: body.replace })),
);
