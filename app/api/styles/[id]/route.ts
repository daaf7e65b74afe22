import { entitlementsFor } from "@/lib/billing/entitlements";
import { requireOperation } from "@/lib/billing/feature-refusal";
import { db } from "@/lib/db/client";
import { deleteStyle, toApiStyle, updateStyle } from "@/lib/editor/styles";
import { ApiStyle, StyleInput } from "@/lib/api/contract/transcriptions";
import { route } from "@/lib/http/route";
import { OK, OkAnswer } from "@/lib/api/contract/common";

// The plan is checked before the body is read: a plan without styles hears that first.
export const PATCH = route(
  {
    auth: "user",
    beforeBody: async ({ user }) => requireOperation(db(), await entitlementsFor(db(), user.id), "save_style"),
    body: StyleInput,
    answer: ApiStyle,
  },
  async ({ user, params, body }) => toApiStyle(await updateStyle(db(), user.id, params.id, body)),
);

// Never gated: a user whose plan lost styles can still delete theirs.
export const DELETE = route({ auth: "user", answer: OkAnswer }, async ({ user, params }) => {
  await deleteStyle(db(), user.id, params.id);
  return OK;
});
