import { entitlementsFor } from "@/lib/billing/entitlements";
import { db } from "@/lib/db/client";
import { exportTranscription } from "@/lib/editor/export-transcript";
import { ownedTranscription } from "@/lib/transcription/owned-request";

/** Downloads the transcript as TXT, Markdown, PDF, DOCX, SRT or VTT, as the plan allows. */
export async function GET(request: Request, { params }: { params: Promise<{ id: string }> }) {
  const owned = await ownedTranscription(request, (await params).id);
  if (!owned.ok) return owned.response;
  const e = await entitlementsFor(db(), owned.user.id);
  return exportTranscription(db(), e, owned.transcription, new URL(request.url).searchParams);
}
