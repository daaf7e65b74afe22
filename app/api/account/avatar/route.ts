import { AVATAR_TOO_LARGE, MAX_AVATAR_BYTES, avatarImageType, removeAvatar, saveAvatar } from "@/lib/account/avatar";
import { db } from "@/lib/db/client";
import { DomainError } from "@/lib/errors/domain-error";
import { readFormFile } from "@/lib/http/form-file";
import { route } from "@/lib/http/route";
import * as accountApi from "@/lib/api/endpoints/account";

/** PUT multipart/form-data with a `file` field: sets the profile picture. */
export const PUT = route(accountApi.setAvatar, { auth: "user" }, async ({ request, user }) => {
  const file = await readFormFile(request, "file", {
    // Room for the multipart envelope around the largest allowed picture.
    maxBytes: MAX_AVATAR_BYTES + 64 * 1024,
    notMultipart: "Send the picture as multipart/form-data with a field named file.",
    tooLarge: AVATAR_TOO_LARGE,
  });
  if (!file) throw new DomainError("unprocessable", "file: choose a picture to upload.");
  const bytes = Buffer.from(await file.arrayBuffer());
  return { picture: await saveAvatar(db(), user.id, bytes, avatarImageType(bytes)) };
});

export const DELETE = route(accountApi.removeAvatar, { auth: "user" }, async ({ user }) => {
  await removeAvatar(db(), user.id);
  return { picture: null };
});
