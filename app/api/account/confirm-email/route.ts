import { APIError } from "better-auth/api";
import { z } from "zod";
import { confirmAndSignIn } from "@/lib/auth/email-confirmation";
import { authMessage } from "@/lib/auth/messages";
import { parseJsonBody } from "@/lib/http/body";
import { errorResponse, json } from "@/lib/http/responses";

const schema = z.object({ token: z.string().min(1).max(4096), password: z.string().max(1024) });

/** `POST {token, password}` from the verification page: confirms the address, sets the password, signs in. */
export async function POST(request: Request) {
  const parsed = await parseJsonBody(request, schema);
  if (!parsed.ok) return parsed.response;
  try {
    const { email, cookies } = await confirmAndSignIn(parsed.data.token, parsed.data.password, request.headers);
    const response = json({ email, signed_in: cookies.length > 0 });
    for (const cookie of cookies) response.headers.append("set-cookie", cookie);
    return response;
  } catch (error) {
    if (error instanceof APIError) return errorResponse(error.statusCode, authMessage(error.body?.code, error.message), { code: error.body?.code });
    throw error;
  }
}
