import { currentUser } from "@/lib/auth/session";
import { db } from "@/lib/db/client";
import type { Transcription } from "@/lib/db/schema";
import { errorResponse, notAuthenticated } from "@/lib/http/responses";
import { findOwned } from "./queries";

const TRANSCRIPTION_NOT_FOUND = "This transcription does not exist.";

type ApiUser = NonNullable<Awaited<ReturnType<typeof currentUser>>>;
export type OwnedRequest = { ok: true; user: ApiUser; transcription: Transcription } | { ok: false; response: Response };

/** The signed-in user and their transcription `id`: 401 without a session, 404 for anyone else's id. */
export async function ownedTranscription(request: Request, id: string): Promise<OwnedRequest> {
  const user = await currentUser(request.headers);
  if (!user) return { ok: false, response: notAuthenticated() };
  const transcription = await findOwned(db(), user.id, id);
  if (!transcription) return { ok: false, response: errorResponse(404, TRANSCRIPTION_NOT_FOUND) };
  return { ok: true, user, transcription };
}
