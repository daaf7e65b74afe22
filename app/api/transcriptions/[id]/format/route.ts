import { db } from "@/lib/db/client";
import { FormatRequest, formatTranscript } from "@/lib/editor/format-transcript";
import { llmConfigFromEnv } from "@/lib/formatting/llm-client";
import { parseJsonBody } from "@/lib/http/body";
import { json } from "@/lib/http/responses";
import { ownedTranscription } from "@/lib/transcription/owned-request";
import { toApiFormatted } from "@/lib/transcription/queries";

// An LLM pass over a long transcript takes a while.
export const maxDuration = 300;

/** Makes the formatted version (basic rules, advanced LLM pass, or a saved custom style). */
export async function POST(request: Request, { params }: { params: Promise<{ id: string }> }) {
  const owned = await ownedTranscription(request, (await params).id);
  if (!owned.ok) return owned.response;
  const body = await parseJsonBody(request, FormatRequest);
  if (!body.ok) return body.response;
  const result = await formatTranscript(db(), owned.user.id, owned.transcription, body.data, llmConfigFromEnv());
  return result.ok ? json(toApiFormatted(result.transcription)) : result.response;
}
