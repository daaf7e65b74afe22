import { entitlementsFor } from "@/lib/billing/entitlements";
import { db } from "@/lib/db/client";
import { ExportQuery } from "@/lib/api/contract/transcriptions-input";
import { exportTranscription } from "@/lib/editor/export-transcript";
import { contentDisposition } from "@/lib/exports/filename";
import { downloadResponse } from "@/lib/http/download";
import { route } from "@/lib/http/route";
import { ownedTranscription } from "@/lib/transcription/queries";

/** Downloads the transcript as TXT, Markdown, PDF, DOCX, SRT or VTT, as the plan allows. */
export const GET = route({ auth: "user", query: ExportQuery }, async ({ user, params, query }) => {
  const t = await ownedTranscription(db(), user.id, params.id);
  const file = await exportTranscription(db(), await entitlementsFor(db(), user.id), t, query);
  return downloadResponse(file, contentDisposition(file.filename, t.title));
});
