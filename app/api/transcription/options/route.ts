import { currentUser } from "@/lib/auth/session";
import { db } from "@/lib/db/client";
import { json, notAuthenticated } from "@/lib/http/responses";
import { transcriptionOptions } from "@/lib/transcription/options";

export async function GET(request: Request) {
  const user = await currentUser(request.headers);
  if (!user) return notAuthenticated();
  return json(await transcriptionOptions(db(), user.id));
}
