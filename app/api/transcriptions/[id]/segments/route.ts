import { entitlementsFor } from "@/lib/billing/entitlements";
import { featureRefusal } from "@/lib/billing/feature-gate";
import { db } from "@/lib/db/client";
import { applySegmentEdits, SegmentEdits } from "@/lib/editor/segment-edits";
import { parseJsonBody } from "@/lib/http/body";
import { errorResponse, json } from "@/lib/http/responses";
import { ownedTranscription } from "@/lib/transcription/owned-request";
import { toApiSegment } from "@/lib/transcription/queries";

// A replace-all over a long transcript sends every segment at once.
const MAX_EDIT_BYTES = 8 * 1024 * 1024;

/** Saves edited segments if nobody saved since `base_version`; a stale save is 409 and writes nothing. */
export async function PATCH(request: Request, { params }: { params: Promise<{ id: string }> }) {
  const owned = await ownedTranscription(request, (await params).id);
  if (!owned.ok) return owned.response;
  const refusal = await featureRefusal(db(), await entitlementsFor(db(), owned.user.id), "in_app_editing", "Editing transcripts");
  if (refusal) return refusal;
  const body = await parseJsonBody(request, SegmentEdits, MAX_EDIT_BYTES);
  if (!body.ok) return body.response;
  const result = await applySegmentEdits(db(), owned.user.id, owned.transcription.id, body.data);
  if (!result.ok) {
    return errorResponse(result.status, result.detail, result.currentVersion === undefined ? {} : { current_version: result.currentVersion });
  }
  return json({
    version: result.version,
    segments: result.segments.map((s) => ({ position: s.position, ...toApiSegment(s) })),
  });
}
