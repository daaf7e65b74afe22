import { db } from "@/lib/db/client";
import { formatState, requestFormatting } from "@/lib/editor/format-transcript";
import { llmConfigFromEnv } from "@/lib/formatting/llm-client";
import { route } from "@/lib/http/route";
import { editableTranscription, readableTranscription } from "@/lib/transcription/queries";
import * as formattingApi from "@/lib/api/endpoints/formatting";

/** The formatted version and the language-model run, if one is waiting, running or failed. */
export const GET = route(formattingApi.formatState, { auth: "user" }, async ({ user, params }) =>
  formatState(db(), await readableTranscription(db(), user.id, params.id)),
);

/**
 * Formats: basic rules at once; an advanced LLM pass or a saved custom style as a job for a
 * worker. Someone else's transcription is 404 whatever the body, so ownership comes before the body.
 */
export const POST = route(
  formattingApi.requestFormatting, { auth: "user", beforeBody: ({ user, params }) => editableTranscription(db(), user.id, params.id) },
  async ({ user, checked: t, body }) => requestFormatting(db(), user.id, t, body, llmConfigFromEnv()),
);
