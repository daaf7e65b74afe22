import { SharedTranscript } from "@/lib/api/contract/sharing";
import { db } from "@/lib/db/client";
import { route } from "@/lib/http/route";
import { unlisted } from "@/lib/http/unlisted";
import { clientAddress } from "@/lib/security/client-address";
import { markOpened, openShareLink } from "@/lib/sharing/opening";
import { sharedTranscript } from "@/lib/sharing/shared-view";

/** The read-only transcript a share link opens; no account needed (the token is the key). */
export const GET = unlisted(
  route({ auth: "none", answer: SharedTranscript }, async ({ request, params }) => {
    const opened = await openShareLink(db(), params.token, clientAddress(request.headers));
    const [view] = await Promise.all([sharedTranscript(db(), opened), markOpened(db(), opened.link.id)]);
    return view;
  }),
);
