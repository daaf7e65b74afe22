import { entitlementsFor } from "@/lib/billing/entitlements";
import { requireOperation } from "@/lib/billing/feature-refusal";
import { db } from "@/lib/db/client";
import { createStyle, listStyles, toApiStyle } from "@/lib/editor/styles";
import { route } from "@/lib/http/route";
import * as formattingApi from "@/lib/api/endpoints/formatting";

export const GET = route(formattingApi.listStyles, { auth: "user" }, async ({ user }) => ({ styles: (await listStyles(db(), user.id)).map(toApiStyle) }));

// The plan is checked before the body is read: a plan without styles hears that first.
export const POST = route(
  formattingApi.createStyle, {
    auth: "user",
    beforeBody: async ({ user }) => requireOperation(db(), await entitlementsFor(db(), user.id), "save_style") },
  async ({ user, body }) => toApiStyle(await createStyle(db(), user.id, body)),
);
