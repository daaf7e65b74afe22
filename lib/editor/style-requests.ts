import { entitlementsFor } from "@/lib/billing/entitlements";
import { featureRefusal } from "@/lib/billing/feature-gate";
import { db } from "@/lib/db/client";
import { StyleInput } from "@/lib/formatting/custom-style";
import { parseJsonBody } from "@/lib/http/body";
import { errorResponse, json } from "@/lib/http/responses";
import { toApiStyle, type StyleOutcome } from "./styles";

export type StyleBody = { ok: true; fields: { name: string; instructions: string } } | { ok: false; response: Response };

/** Saving a style needs the plan feature and a valid body; reading and deleting do not. */
export async function styleBody(request: Request, userId: string): Promise<StyleBody> {
  const refusal = await featureRefusal(db(), await entitlementsFor(db(), userId), "custom_transcription_styles", "Custom transcription styles", true);
  if (refusal) return { ok: false, response: refusal };
  const body = await parseJsonBody(request, StyleInput);
  return body.ok ? { ok: true, fields: body.data } : body;
}

export function styleResponse(outcome: StyleOutcome, status = 200): Response {
  return outcome.ok ? json(toApiStyle(outcome.style), status) : errorResponse(outcome.status, outcome.detail);
}
