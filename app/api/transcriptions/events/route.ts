import { currentUser } from "@/lib/auth/session";
import { notAuthenticated } from "@/lib/http/responses";
import { statusStream } from "@/lib/transcription/status-stream";

/** Server-sent events: every change to the user's transcriptions (status, progress, errors). */
export async function GET(request: Request) {
  const user = await currentUser(request.headers);
  if (!user) return notAuthenticated();
  return new Response(statusStream(user.id, request.signal), {
    headers: { "content-type": "text/event-stream", "cache-control": "no-store", connection: "keep-alive", "x-accel-buffering": "no" },
  });
}
