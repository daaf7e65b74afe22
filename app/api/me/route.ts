import { toApiUser } from "@/lib/auth/session";
import { route } from "@/lib/http/route";
import * as sessionApi from "@/lib/api/endpoints/session";

export const GET = route(sessionApi.me, { auth: "user" }, async ({ user }) => toApiUser(user));
