import { db } from "@/lib/db/client";
import { taggedJson } from "@/lib/http/responses";
import { route } from "@/lib/http/route";
import { unlisted } from "@/lib/http/unlisted";
import { clientAddress } from "@/lib/security/client-address";
import { markOpened, openShareLink } from "@/lib/sharing/opening";
import { sharedView } from "@/lib/sharing/shared-view";
import * as sharingApi from "@/lib/api/endpoints/sharing";

/** The read-only transcript a share link opens; no account needed (the token is the key). Tagged per version: If-None-Match gets 304. */
export const GET = unlisted(
  route(sharingApi.sharedTranscript, { auth: "none" }, async ({ request, params }) => {
    const opened = await openShareLink(db(), params.token, clientAddress(request.headers));
    const [view] = await Promise.all([sharedView(db(), opened), markOpened(db(), opened.link.id)]);
    return taggedJson(request, view);
  }),
);
