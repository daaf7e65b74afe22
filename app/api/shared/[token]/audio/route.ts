import { db } from "@/lib/db/client";
import { objectResponse } from "@/lib/http/object-response";
import { route } from "@/lib/http/route";
import { unlisted } from "@/lib/http/unlisted";
import { clientAddress } from "@/lib/security/client-address";
import { openShareLink } from "@/lib/sharing/opening";
import { NORMALISED, ORIGINAL, audioStore, servedType } from "@/lib/storage/audio-store";
import * as sharingApi from "@/lib/api/endpoints/sharing";

/** The shared transcript's audio, with Range support: the normalised copy it was timed against (as the owner's player gets it). */
export const GET = unlisted(
  route(sharingApi.sharedAudio, { auth: "none" }, async ({ request, params }) => {
    const { transcription: t } = await openShareLink(db(), params.token, clientAddress(request.headers));
    if (!t.audioReady) return objectResponse(request, audioStore(), `${t.audioKey}/${ORIGINAL}`, servedType(t.contentType));
    return objectResponse(request, audioStore(), `${t.audioKey}/${NORMALISED}`, "audio/wav");
  }),
);
