import { z } from "zod";
import { currentUser } from "@/lib/auth/session";
import { db } from "@/lib/db/client";
import { parseJsonBody } from "@/lib/http/body";
import { errorResponse, json, notAuthenticated } from "@/lib/http/responses";
import {
  deleteTranscription,
  findOwned,
  renameTranscription,
  segmentsOf,
  toApiSegment,
  toApiTranscription,
} from "@/lib/transcription/queries";

type Context = { params: Promise<{ id: string }> };
const NOT_FOUND = "This transcription does not exist.";

export async function GET(request: Request, { params }: Context) {
  const user = await currentUser(request.headers);
  if (!user) return notAuthenticated();
  const t = await findOwned(db(), user.id, (await params).id);
  if (!t) return errorResponse(404, NOT_FOUND);
  return json({ ...toApiTranscription(t), segments: (await segmentsOf(db(), t.id)).map(toApiSegment) });
}

const Rename = z.object({ title: z.string().trim().min(1, "Enter a title.").max(200, "Use at most 200 characters.") });

export async function PATCH(request: Request, { params }: Context) {
  const user = await currentUser(request.headers);
  if (!user) return notAuthenticated();
  const body = await parseJsonBody(request, Rename);
  if (!body.ok) return body.response;
  const t = await renameTranscription(db(), user.id, (await params).id, body.data.title);
  return t ? json(toApiTranscription(t)) : errorResponse(404, NOT_FOUND);
}

export async function DELETE(request: Request, { params }: Context) {
  const user = await currentUser(request.headers);
  if (!user) return notAuthenticated();
  const deleted = await deleteTranscription(db(), user.id, (await params).id);
  return deleted ? json({ ok: true }) : errorResponse(404, NOT_FOUND);
}
