import { db } from "@/lib/db/client";
import { DomainError } from "@/lib/errors/domain-error";
import { TOO_LARGE } from "@/lib/http/body";
import { readBodyLimited } from "@/lib/http/limited-body";
import { route } from "@/lib/http/route";
import { LIVE_CHUNK_BYTES, MAX_CHUNKS_PER_REQUEST } from "@/lib/recordings/store/pcm-chunks";
import { receiveChunks } from "@/lib/recordings/recording";
import * as recordingsApi from "@/lib/api/endpoints/recordings";

/** Audio of a live recording: the body is whole chunks of 16 kHz mono 16-bit PCM, the first numbered `?seq=`. */
export const POST = route(recordingsApi.sendRecordingChunks, { auth: "user" }, async ({ request, user, params, query }) => {
  const body = await readBodyLimited(request, MAX_CHUNKS_PER_REQUEST * LIVE_CHUNK_BYTES);
  if (!body) throw new DomainError("too_large", TOO_LARGE);
  const received = await receiveChunks(db(), user.id, params.id, Number(query.seq), Buffer.from(body.buffer, body.byteOffset, body.byteLength));
  return { received: received.received, remaining_s: received.remainingS };
});
