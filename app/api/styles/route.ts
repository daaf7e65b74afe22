import { entitlementsFor } from "@/lib/billing/entitlements";
import { requireOperation } from "@/lib/billing/feature-refusal";
import { db } from "@/lib/db/client";
import { createStyle, listStyles, toApiStyle } from "@/lib/editor/styles";
import { ApiStyle, StyleList, StyleInput } from "@/lib/api/contract/transcriptions";
import { route } from "@/lib/http/route";

export const GET = route({ auth: "user", answer: StyleList }, async ({ user }) => ({ styles: (await listStyles(db(), user.id)).map(toApiStyle) }));

// The plan is checked before the body is read: a plan without styles hears that first.
export const POST = route(
  {
    auth: "user",
    beforeBody: async ({ user }) => requireOperation(db(), await entitlementsFor(db(), user.id), "save_style"),
    body: StyleInput,
    status: 201,
    answer: ApiStyle,
  },
  async ({ user, body }) => toApiStyle(await createStyle(db(), user.id, body)),
);
