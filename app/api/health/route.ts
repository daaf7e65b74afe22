import { health } from "@/lib/health";
import { json } from "@/lib/http/responses";

/** 200 when the database answers (even with no speech engine: the UI explains that); 503 when it does not. */
export async function GET() {
  const result = await health();
  return json(result, result.database.ok ? 200 : 503);
}
