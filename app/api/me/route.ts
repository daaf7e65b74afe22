import { toApiUser } from "@/lib/auth/session";
import { route } from "@/lib/http/route";
import { ApiUser } from "@/lib/api/contract/account";

export const GET = route({ auth: "user", answer: ApiUser }, async ({ user }) => toApiUser(user));
