import { currentUser } from "@/lib/auth/session";
import { isOperator } from "@/lib/auth/operators";
import type { User } from "@/lib/db/schema";
import { errorResponse, notAuthenticated } from "@/lib/http/responses";
import { NOT_AUTHORIZED_TEXT } from "@/lib/texts";

export type OperatorRequest = { ok: true; operator: User } | { ok: false; response: Response };

/**
 * Every /api/admin/* handler starts here. Access is the OPERATOR_EMAILS allow-list, read on
 * each request; the stored is_admin flag only decides whether the navigation shows the button.
 */
async function operatorRequest(request: Request): Promise<OperatorRequest> {
  const user = await currentUser(request.headers);
  if (!user) return { ok: false, response: notAuthenticated() };
  if (!isOperator(user.email)) return { ok: false, response: errorResponse(403, NOT_AUTHORIZED_TEXT) };
  return { ok: true, operator: user };
}

/** Wraps a route handler so it runs only for operators; everyone else gets 401 or 403. */
export function forOperators<C>(handler: (request: Request, operator: User, context: C) => Promise<Response>) {
  return async (request: Request, context: C): Promise<Response> => {
    const gate = await operatorRequest(request);
    return gate.ok ? handler(request, gate.operator, context) : gate.response;
  };
}
