import { confirmAndSignIn } from "@/lib/auth/email-confirmation";
import { db } from "@/lib/db/client";
import { json } from "@/lib/http/responses";
import { route } from "@/lib/http/route";
import * as accountApi from "@/lib/api/endpoints/account";

/** `POST {token, password}` from the verification page: confirms the address, sets the password, signs in. */
export const POST = route(accountApi.confirmEmail, { auth: "none" }, async ({ request, body }) => {
  const { email, cookies } = await confirmAndSignIn(db(), body.token, body.password, request.headers);
  // A Response of our own, so the session cookies Better Auth made can ride along.
  const response = json({ email, signed_in: cookies.length > 0 });
  for (const cookie of cookies) response.headers.append("set-cookie", cookie);
  return response;
});
