import { db } from "@/lib/db/client";
import { OkAnswer } from "@/lib/api/contract/common";
import { route } from "@/lib/http/route";
import { keepRecording } from "@/lib/live/recording";

/** A paused recording is still wanted: it is not stopped as abandoned. */
export const POST = route({ auth: "user", answer: OkAnswer }, async ({ user, params }) => {
  await keepRecording(db(), user.id, params.id);
  return { ok: true as const };
});
