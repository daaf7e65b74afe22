import { currentUser } from "@/lib/auth/session";
import { db } from "@/lib/db/client";
import { errorResponse, json, notAuthenticated } from "@/lib/http/responses";
import { findOwned, toApiTranscription } from "@/lib/transcription/queries";
import { cancelTranscription } from "@/lib/transcription/queue";

export async function POST(request: Request, { params }: { params: Promise<{ id: string }> }) {
  const user = await currentUser(request.headers);
  if (!user) return notAuthenticated();
  const { id } = await params;
  if (!(await findOwned(db(), user.id, id))) return errorResponse(404, "This transcription does not exist.");
  if (!(await cancelTranscription(db(), id, user.id))) return errorResponse(409, "Only a queued or running transcription can be canceled.");
  return json(toApiTranscription((await findOwned(db(), user.id, id))!));
}
