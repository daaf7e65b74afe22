import { isOperator } from "@/lib/auth/operators";
import { currentUser } from "@/lib/auth/session";
import { health, publicHealth } from "@/lib/health";
import { json } from "@/lib/http/responses";

/**
 * 200 when the database answers (even with no speech engine: the UI explains that); 503
 * when it does not. Anyone gets just the status; operators get database kind, engines and
 * queue depth.
 */
export async function GET(request: Request) {
  const result = await health();
  const status = result.database.ok ? 200 : 503;
  const user = result.database.ok ? await currentUser(request.headers).catch(() => null) : null;
  return json(user && isOperator(user.email) ? result : publicHealth(result), status);
}
