import { health } from "@/lib/health";
import { json } from "@/lib/http/responses";

export async function GET() {
  const result = await health();
  return json(result, result.status === "ok" ? 200 : 503);
}
