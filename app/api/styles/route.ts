import { entitlementsFor } from "@/lib/billing/entitlements";
import { requireOperation } from "@/lib/billing/feature-refusal";
import { db } from "@/lib/db/client";
import { createStyle, listStyles, toApiStyle } from "@/lib/editor/styles";
import { ApiStyle, StyleList } from "@/lib/api/contract/transcriptions";
import { StyleInput } from "@/lib/api/contract/transcriptions-input";
import { parseJsonBody } from "@/lib/http/body";
import { route } from "@/lib/http/route";

export const GET = route({ auth: "user", answer: StyleList }, async ({ user }) => ({ styles: (await listStyles(db(), user.id)).map(toApiStyle) }));

// The plan is checked before the body is read: a plan without styles hears that first.
export const POST = route({ auth: "user", status: 201, answer: ApiStyle }, async ({ request, user }) => {
  await requireOperation(db(), await entitlementsFor(db(), user.id), "save_style");
  const fields = await parseJsonBody(request, StyleInput);
  return toApiStyle(await createStyle(db(), user.id, fields));
});
