import path from "node:path";
import { currentUser } from "@/lib/auth/session";
import { db } from "@/lib/db/client";
import { fileResponse } from "@/lib/http/file-response";
import { errorResponse, notAuthenticated } from "@/lib/http/responses";
import { NORMALISED, audioDir } from "@/lib/storage/audio-store";
import { findOwned } from "@/lib/transcription/queries";

/** The normalised audio the transcript was timed against, so seeking lines up exactly. */
export async function GET(request: Request, { params }: { params: Promise<{ id: string }> }) {
  const user = await currentUser(request.headers);
  if (!user) return notAuthenticated();
  const t = await findOwned(db(), user.id, (await params).id);
  if (!t) return errorResponse(404, "This transcription does not exist.");
  return fileResponse(request, path.join(audioDir(t.audioKey), NORMALISED), "audio/wav");
}
