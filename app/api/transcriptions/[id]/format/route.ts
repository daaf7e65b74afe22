import { db } from "@/lib/db/client";
import { ApiFormatted } from "@/lib/api/contract/transcriptions";
import { FormatRequest } from "@/lib/api/contract/transcriptions-input";
import { formatTranscript } from "@/lib/editor/format-transcript";
import { llmConfigFromEnv } from "@/lib/formatting/llm-client";
import { parseJsonBody } from "@/lib/http/body";
import { route } from "@/lib/http/route";
import { ownedTranscription, toApiFormatted } from "@/lib/transcription/queries";

// An LLM pass over a long transcript takes a while.
export const maxDuration = 300;

/**
 * Makes the formatted version (basic rules, advanced LLM pass, or a saved custom style).
 * Someone else's transcription is 404 whatever the body, so ownership comes before the body.
 */
export const POST = route({ auth: "user", answer: ApiFormatted }, async ({ request, user, params }) => {
  const t = await ownedTranscription(db(), user.id, params.id);
  const body = await parseJsonBody(request, FormatRequest);
  // A transcription that was just formatted has a formatted version.
  return toApiFormatted(await formatTranscript(db(), user.id, t, body, llmConfigFromEnv()))!;
});
