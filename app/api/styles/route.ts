import { currentUser } from "@/lib/auth/session";
import { db } from "@/lib/db/client";
import { styleBody, styleResponse } from "@/lib/editor/style-requests";
import { createStyle, listStyles, toApiStyle } from "@/lib/editor/styles";
import { json, notAuthenticated } from "@/lib/http/responses";

export async function GET(request: Request) {
  const user = await currentUser(request.headers);
  if (!user) return notAuthenticated();
  return json({ styles: (await listStyles(db(), user.id)).map(toApiStyle) });
}

export async function POST(request: Request) {
  const user = await currentUser(request.headers);
  if (!user) return notAuthenticated();
  const body = await styleBody(request, user.id);
  if (!body.ok) return body.response;
  return styleResponse(await createStyle(db(), user.id, body.fields), 201);
}
