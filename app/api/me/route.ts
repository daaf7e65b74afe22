import { currentUser, toApiUser } from "@/lib/auth/session";
import { json, notAuthenticated } from "@/lib/http/responses";

export async function GET(request: Request) {
  const user = await currentUser(request.headers);
  if (!user) return notAuthenticated();
  return json(toApiUser(user));
}
