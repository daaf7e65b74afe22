import { currentUser } from "@/lib/auth/session";
import { notAuthenticated } from "@/lib/http/responses";
import { statusStream, streamStart } from "@/lib/transcription/status-stream";

/** Server-sent events: every change to the user's transcriptions (status, progress, errors) since `?since=`. */
export async function GET(request: Request) {
  const user = await currentUser(request.headers);
  if (!user) return notAuthenticated();
  const start = streamStart(new URL(request.url).searchParams.get("since"));
  return new Response(statusStream(user.id, request.signal, start), {
    headers: { "content-type": "text/event-stream", "cache-control": "no-store", connection: "keep-alive", "x-accel-buffering": "no" },
  });
}
