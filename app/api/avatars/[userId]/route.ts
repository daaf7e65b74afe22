import { loadAvatarFor } from "@/lib/accounts/avatar";
import { currentUser } from "@/lib/auth/session";
import { errorResponse, notAuthenticated } from "@/lib/http/responses";

export async function GET(request: Request, { params }: { params: Promise<{ userId: string }> }) {
  const viewer = await currentUser(request.headers);
  if (!viewer) return notAuthenticated();
  const avatar = await loadAvatarFor(viewer, (await params).userId);
  if (!avatar) return errorResponse(404, "This user has no profile picture.");
  return new Response(new Uint8Array(avatar.data), {
    headers: {
      "content-type": avatar.contentType,
      // The URL carries a version, so a changed picture is a new URL.
      "cache-control": "private, max-age=31536000, immutable",
      "x-content-type-options": "nosniff",
    },
  });
}
