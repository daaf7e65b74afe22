import { currentUser } from "@/lib/auth/session";
import { db } from "@/lib/db/client";
import { styleBody, styleResponse } from "@/lib/editor/style-requests";
import { deleteStyle, updateStyle } from "@/lib/editor/styles";
import { errorResponse, json, notAuthenticated } from "@/lib/http/responses";

type Context = { params: Promise<{ id: string }> };

export async function PATCH(request: Request, { params }: Context) {
  const user = await currentUser(request.headers);
  if (!user) return notAuthenticated();
  const body = await styleBody(request, user.id);
  if (!body.ok) return body.response;
  return styleResponse(await updateStyle(db(), user.id, (await params).id, body.fields));
}

export async function DELETE(request: Request, { params }: Context) {
  const user = await currentUser(request.headers);
  if (!user) return notAuthenticated();
  return (await deleteStyle(db(), user.id, (await params).id)) ? json({ ok: true }) : errorResponse(404, "This style does not exist.");
}
