import { entitlementsFor } from "@/lib/billing/entitlements";
import { requireOperation } from "@/lib/billing/feature-refusal";
import { db } from "@/lib/db/client";
import { deleteStyle, toApiStyle, updateStyle } from "@/lib/editor/styles";
import { route } from "@/lib/http/route";
import { OK } from "@/lib/api/contract/common";
import * as formattingApi from "@/lib/api/endpoints/formatting";

// The plan is checked before the body is read: a plan without styles hears that first.
export const PATCH = route(
  formattingApi.updateStyle, {
    auth: "user",
    beforeBody: async ({ user }) => requireOperation(db(), await entitlementsFor(db(), user.id), "save_style") },
  async ({ user, params, body }) => toApiStyle(await updateStyle(db(), user.id, params.id, body)),
);

// Never gated: a user whose plan lost styles can still delete theirs.
export const DELETE = route(formattingApi.deleteStyle, { auth: "user" }, async ({ user, params }) => {
  await deleteStyle(db(), user.id, params.id);
  return OK;
});
