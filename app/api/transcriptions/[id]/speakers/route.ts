import { entitlementsFor } from "@/lib/billing/entitlements";
import { payerOfTranscription } from "@/lib/billing/payer";
import { requireOperation } from "@/lib/billing/feature-refusal";
import { db } from "@/lib/db/client";
import { renameTranscriptSpeakers } from "@/lib/editor/rename-speakers";
import { route } from "@/lib/http/route";
import { toApiSpeakers } from "@/lib/speakers/speaker-answers";
import { speakersOf } from "@/lib/speakers/voice-profiles";
import { editableTranscription } from "@/lib/transcription/queries";
import * as speakersApi from "@/lib/api/endpoints/speakers";

/** The speakers detected in the transcript, with the voice profiles they sound like. */
export const GET = route(speakersApi.transcriptSpeakers, { auth: "user" }, async ({ user, params }) =>
  toApiSpeakers(await speakersOf(db(), user.id, params.id)),
);

/**
 * Renames several speakers everywhere at once (the Speakers dialog's Save), if nobody saved
 * since `base_version`; a stale save is 409 (with `current_version`) and renames nothing.
 * Ownership, then the plan (editing), answer before the body is read.
 */
export const PATCH = route(
  speakersApi.renameSpeakers, {
    auth: "user",
    beforeBody: async ({ user, params }) => {
      const t = await editableTranscription(db(), user.id, params.id);
      await requireOperation(db(), await entitlementsFor(db(), await payerOfTranscription(db(), t)), "edit_segments");
      return t;
    } },
  async ({ user, checked: t, body }) => renameTranscriptSpeakers(db(), user.id, t.id, body),
);
