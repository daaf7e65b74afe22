import { parseCommaList } from "@/lib/api/contract/list-text";
import { db } from "@/lib/db/client";
import { route } from "@/lib/http/route";
import { createTranscription } from "@/lib/transcription/create";
import { toApiTranscription } from "@/lib/transcription/queries";
import { searchTranscriptions } from "@/lib/transcription/search";
import * as transcriptionsApi from "@/lib/api/endpoints/transcription";

/** `?q=` searches titles and transcripts (at most 200 characters: a longer term is 400). */
export const GET = route(transcriptionsApi.listTranscriptions, { auth: "user", apiKey: "read" }, async ({ user, space, query }) => ({
  transcriptions: await searchTranscriptions(db(), user.id, space, query.q),
}));

/**
 * Upload sent whole: the raw file is the body (streamed to disk); `?filename=` names it,
 * `?language=` picks a language (omit for detection), `?source=recording` marks recordings,
 * `?first_seconds=N` transcribes (and charges) only the first N seconds, `?speakers=N` says how
 * many people speak (1 to 10; omit to detect them, 1 for none), `?vocabulary=A,B` gives terms for
 * this upload besides its space's vocabulary. Browsers use the
 * resumable `/api/uploads` instead.
 */
export const POST = route(transcriptionsApi.uploadTranscription, { auth: "user", apiKey: "write" }, async ({ request, user, space, query }) => {
  const length = request.headers.get("content-length");
  const created = await createTranscription(db(), {
    userId: user.id,
    workspaceId: space,
    body: request.body,
    declaredBytes: length === null ? null : Number(length),
    filename: query.filename ?? "",
    contentType: request.headers.get("content-type") ?? "",
    language: query.language || null,
    source: query.source,
    firstSeconds: query.first_seconds ?? null,
    speakers: query.speakers ?? null,
    vocabulary: parseCommaList(query.vocabulary ?? ""),
    signal: request.signal,
  });
  return toApiTranscription(created);
});
