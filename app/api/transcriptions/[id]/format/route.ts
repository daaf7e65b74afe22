import { db } from "@/lib/db/client";
import { ApiFormatState, FormatRequest } from "@/lib/api/contract/transcriptions";
import { formatState, requestFormatting } from "@/lib/editor/format-transcript";
import { llmConfigFromEnv } from "@/lib/formatting/llm-client";
import { route } from "@/lib/http/route";
import { editableTranscription, readableTranscription } from "@/lib/transcription/queries";

/** The formatted version and the language-model run, if one is waiting, running or failed. */
export const GET = route({ auth: "user", answer: ApiFormatState }, async ({ user, params }) =>
  formatState(db(), await readableTranscription(db(), user.id, params.id)),
);

/**
 * Formats: basic rules at once; an advanced LLM pass or a saved custom style as a job for a
 * worker. Someone else's transcription is 404 whatever the body, so ownership comes before the body.
 */
export const POST = route(
  { auth: "user", beforeBody: ({ user, params }) => editableTranscription(db(), user.id, params.id), body: FormatRequest, answer: ApiFormatState },
  async ({ user, checked: t, body }) => requestFormatting(db(), user.id, t, body, llmConfigFromEnv()),
);
