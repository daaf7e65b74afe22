import { setActiveAsOperator } from "@/lib/admin/user-activation";
import { deleteUserAsOperator } from "@/lib/admin/user-deletion";
import { AdminUserAnswer, DeleteUserAnswer, UserPatchBody } from "@/lib/api/contract/admin";
import { billingProvider } from "@/lib/billing/provider";
import { db } from "@/lib/db/client";
import { route } from "@/lib/http/route";

export const PATCH = route({ auth: "operator", body: UserPatchBody, answer: AdminUserAnswer }, async ({ user, params, body }) => ({
  user: await setActiveAsOperator(db(), user, params.id, body.is_active),
}));

export const DELETE = route({ auth: "operator", answer: DeleteUserAnswer }, async ({ user, params }) => ({
  deleted: await deleteUserAsOperator(db(), user, params.id, billingProvider()),
}));
