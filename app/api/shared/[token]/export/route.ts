import { db } from "@/lib/db/client";
import { contentDisposition } from "@/lib/exports/filename";
import { downloadResponse } from "@/lib/http/download";
import { route } from "@/lib/http/route";
import { unlisted } from "@/lib/http/unlisted";
import { clientAddress } from "@/lib/security/client-address";
import { openShareLink } from "@/lib/sharing/opening";
import { exportShared } from "@/lib/sharing/shared-view";
import * as sharingApi from "@/lib/api/endpoints/sharing";

/** The shared transcript as a file, when the link allows exports, in the formats the owner's plan has. */
export const GET = unlisted(
  route(sharingApi.sharedExport, { auth: "none" }, async ({ request, params, query }) => {
    const client = clientAddress(request.headers);
    const opened = await openShareLink(db(), params.token, client);
    const file = await exportShared(db(), opened, query, client);
    return downloadResponse(file, contentDisposition(file.filename, opened.transcription.title));
  }),
);
