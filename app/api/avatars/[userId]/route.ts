import { loadAvatarFor } from "@/lib/account/avatar";
import { db } from "@/lib/db/client";
import { route } from "@/lib/http/route";
import * as accountApi from "@/lib/api/endpoints/account";

export const GET = route(accountApi.avatarImage, { auth: "user" }, async ({ user, params }) => {
  const avatar = await loadAvatarFor(db(), user, params.userId);
  return new Response(new Uint8Array(avatar.data), {
    headers: {
      "content-type": avatar.contentType,
      // The URL carries a version, so a changed picture is a new URL.
      "cache-control": "private, max-age=31536000, immutable",
      "x-content-type-options": "nosniff",
    },
  });
});
