import { setActiveAsOperator } from "@/lib/admin/user-activation";
import { deleteUserAsOperator } from "@/lib/admin/user-deletion";
import { billingProvider } from "@/lib/billing/provider";
import { db } from "@/lib/db/client";
import { route } from "@/lib/http/route";
import * as adminApi from "@/lib/api/endpoints/admin";

export const PATCH = route(adminApi.adminUpdateUser, { auth: "operator" }, async ({ user, params, body }) => ({
  user: await setActiveAsOperator(db(), user, params.id, body.is_active),
}));

export const DELETE = route(adminApi.adminDeleteUser, { auth: "operator" }, async ({ user, params }) => ({
  deleted: await deleteUserAsOperator(db(), user, params.id, billingProvider()),
}));
