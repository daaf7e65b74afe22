import { MAX_AVATAR_BYTES, detectImageType, removeAvatar, saveAvatar } from "@/lib/accounts/avatar";
import { currentUser } from "@/lib/auth/session";
import { readBodyLimited } from "@/lib/http/limited-body";
import { errorResponse, json, notAuthenticated } from "@/lib/http/responses";

const TOO_LARGE = "The picture is larger than 2 MB. Choose a smaller one.";

/** PUT multipart/form-data with a `file` field: sets the profile picture. */
export async function PUT(request: Request) {
  const user = await currentUser(request.headers);
  if (!user) return notAuthenticated();
  const contentType = request.headers.get("content-type") ?? "";
  if (!contentType.includes("multipart/form-data")) {
    return errorResponse(415, "Send the picture as multipart/form-data with a field named file.");
  }
  // Room for the multipart envelope around the largest allowed picture.
  const body = await readBodyLimited(request, MAX_AVATAR_BYTES + 64 * 1024);
  if (!body) return errorResponse(413, TOO_LARGE);
  const form = await new Response(body, { headers: { "content-type": contentType } }).formData().catch(() => null);
  const file = form?.get("file");
  if (!(file instanceof File)) return errorResponse(422, "file: choose a picture to upload.");
  if (file.size === 0) return errorResponse(422, "file: the picture is empty.");
  if (file.size > MAX_AVATAR_BYTES) return errorResponse(413, TOO_LARGE);
  const bytes = Buffer.from(await file.arrayBuffer());
  const type = detectImageType(bytes);
  if (!type) return errorResponse(415, "Use a PNG, JPEG, WebP or GIF picture.");
  return json({ picture: await saveAvatar(user.id, bytes, type) });
}

export async function DELETE(request: Request) {
  const user = await currentUser(request.headers);
  if (!user) return notAuthenticated();
  await removeAvatar(user.id);
  return json({ picture: null });
}
