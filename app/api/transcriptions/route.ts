import { currentUser } from "@/lib/auth/session";
import { db } from "@/lib/db/client";
import { errorResponse, json, notAuthenticated } from "@/lib/http/responses";
import { createTranscription } from "@/lib/transcription/create";
import { TranscriptionRequestError } from "@/lib/transcription/errors";
import { listTranscriptions, toApiTranscription } from "@/lib/transcription/queries";

export async function GET(request: Request) {
  const user = await currentUser(request.headers);
  if (!user) return notAuthenticated();
  const q = new URL(request.url).searchParams.get("q") ?? undefined;
  return json({ transcriptions: (await listTranscriptions(db(), user.id, q)).map(toApiTranscription) });
}

/**
 * Upload: the raw file is the body (streamed to disk); `?filename=` names it,
 * `?language=` picks a language (omit for detection), `?source=recording` marks recordings.
 */
export async function POST(request: Request) {
  const user = await currentUser(request.headers);
  if (!user) return notAuthenticated();
  const params = new URL(request.url).searchParams;
  const length = request.headers.get("content-length");
  try {
    const created = await createTranscription(db(), {
      userId: user.id,
      body: request.body,
      declaredBytes: length === null ? null : Number(length),
      filename: params.get("filename") ?? "",
      contentType: request.headers.get("content-type") ?? "",
      language: params.get("language") || null,
      source: params.get("source") === "recording" ? "recording" : "upload",
      signal: request.signal,
    });
    return json(toApiTranscription(created), 201);
  } catch (error) {
    if (error instanceof TranscriptionRequestError) return errorResponse(error.status, error.message);
    throw error;
  }
}
