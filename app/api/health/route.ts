import { isOperator } from "@/lib/account/operators";
import { currentUser } from "@/lib/auth/session";
import { databaseHandle, db } from "@/lib/db/client";
import { databaseAnswers, health, operatorHealth, publicHealth } from "@/lib/health";
import { json } from "@/lib/http/responses";
import { route } from "@/lib/http/route";
import * as serviceApi from "@/lib/api/endpoints/service";

/**
 * 200 when the database answers (even with no speech engine: the UI explains that); 503
 * when it does not. Anyone gets just the status, for one query; operators get database
 * kind, engines, workers, queue depth and the jobs' figures of the last day. `auth: "none"`:
 * the session is looked up only once the database answered.
 */
export const GET = route(serviceApi.health, { auth: "none" }, async ({ request }) => {
  const handle = databaseHandle();
  const up = await databaseAnswers(handle);
  const user = up ? await currentUser(db(), request.headers).catch(() => null) : null;
  if (!user || !isOperator(user.email)) return json(publicHealth(up), up ? 200 : 503);
  const result = await health(handle);
  return json(await operatorHealth(handle, result), result.database.ok ? 200 : 503);
});
