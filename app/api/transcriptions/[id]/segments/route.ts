import { entitlementsFor } from "@/lib/billing/entitlements";
import { requireOperation } from "@/lib/billing/feature-refusal";
import { db } from "@/lib/db/client";
import { SavedSegments } from "@/lib/api/contract/transcriptions";
import { SegmentEdits, SegmentStructureEdit } from "@/lib/api/contract/transcriptions-input";
import { applySegmentEdits, restructureSegments, type SavedEdits } from "@/lib/editor/segment-edits";
import { parseJsonBody } from "@/lib/http/body";
import { route } from "@/lib/http/route";
import { ownedTranscription, toApiSegment } from "@/lib/transcription/queries";

// 200 changes and 50,000 characters of text (lib/api/contract), escaped, with speaker names.
const MAX_EDIT_BYTES = 1024 * 1024;

/**
 * Saves edited segments if nobody saved since `base_version`; a stale save is 409 (with
 * `current_version`) and writes nothing. Ownership and the plan are checked before reading
 * a body of up to 1 MB.
 */
export const PATCH = route({ auth: "user", answer: SavedSegments }, async ({ request, user, params }) => {
  const t = await ownedTranscription(db(), user.id, params.id);
  await requireOperation(db(), await entitlementsFor(db(), user.id), "edit_segments");
  const edits = await parseJsonBody(request, SegmentEdits, MAX_EDIT_BYTES);
  return answer(await applySegmentEdits(db(), user.id, t.id, edits));
});

/** Splits a segment or merges it with the next (same version check); answers with every segment. */
export const POST = route({ auth: "user", answer: SavedSegments }, async ({ request, user, params }) => {
  const t = await ownedTranscription(db(), user.id, params.id);
  await requireOperation(db(), await entitlementsFor(db(), user.id), "edit_segments");
  const edit = await parseJsonBody(request, SegmentStructureEdit);
  return answer(await restructureSegments(db(), user.id, t.id, edit));
});

const answer = (saved: SavedEdits) => ({
  version: saved.version,
  segments: saved.segments.map((s) => ({ position: s.position, ...toApiSegment(s) })),
});
