import { entitlementsFor } from "@/lib/billing/entitlements";
import { payerOfTranscription } from "@/lib/billing/payer";
import { requireOperation } from "@/lib/billing/feature-refusal";
import { db } from "@/lib/db/client";
import type { Transcription, User } from "@/lib/db/schema";
import { applySegmentEdits, restructureSegments, type SavedEdits } from "@/lib/editor/segment-edits";
import { route } from "@/lib/http/route";
import { editableTranscription, toEditableSegment } from "@/lib/transcription/queries";
import * as editorApi from "@/lib/api/endpoints/editor";

// 200 changes and 50,000 characters of text (lib/api/contract), escaped, with speaker names.
const MAX_EDIT_BYTES = 1024 * 1024;

/** Access (viewers only read), then the plan of whoever pays for it: both answer before the body is read (up to 1 MB for a save). */
async function editable(user: User, id: string): Promise<Transcription> {
  const t = await editableTranscription(db(), user.id, id);
  await requireOperation(db(), await entitlementsFor(db(), await payerOfTranscription(db(), t)), "edit_segments");
  return t;
}

/**
 * Saves edited segments if nobody saved since `base_version`; a stale save is 409 (with
 * `current_version`) and writes nothing.
 */
export const PATCH = route(
  editorApi.saveSegments, { auth: "user", beforeBody: ({ user, params }) => editable(user, params.id), maxBodyBytes: MAX_EDIT_BYTES },
  async ({ user, checked: t, body }) => answer(await applySegmentEdits(db(), user.id, t.id, body)),
);

/** Splits a segment or merges it with the next (same version check); answers with the segments the edit made. */
export const POST = route(
  editorApi.restructureSegments, { auth: "user", beforeBody: ({ user, params }) => editable(user, params.id) },
  async ({ user, checked: t, body }) => answer(await restructureSegments(db(), user.id, t.id, body)),
);

const answer = (saved: SavedEdits) => ({
  version: saved.version,
  segments: saved.segments.map((s) => ({ position: s.position, ...toEditableSegment(s) })),
});
