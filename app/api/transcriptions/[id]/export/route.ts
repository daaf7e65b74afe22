import { entitlementsFor } from "@/lib/billing/entitlements";
import { payerOfTranscription } from "@/lib/billing/payer";
import { db } from "@/lib/db/client";
import { exportTranscription } from "@/lib/editor/export-transcript";
import { contentDisposition } from "@/lib/exports/filename";
import { downloadResponse } from "@/lib/http/download";
import { route } from "@/lib/http/route";
import { readableTranscription } from "@/lib/transcription/queries";
import * as transcriptionsApi from "@/lib/api/endpoints/transcription";

/** Downloads the transcript as TXT, Markdown, PDF, DOCX, SRT or VTT, as the plan allows. */
export const GET = route(transcriptionsApi.exportTranscription, { auth: "user", apiKey: "read" }, async ({ user, params, query, within }) => {
  const t = await readableTranscription(db(), user.id, params.id, within);
  // A workspace's transcript exports as its owner's plan allows, whoever asks.
  const file = await exportTranscription(db(), await entitlementsFor(db(), await payerOfTranscription(db(), t)), t, query);
  return downloadResponse(file, contentDisposition(file.filename, t.title));
});
