import { db } from "@/lib/db/client";
import { env } from "@/lib/env";
import { route } from "@/lib/http/route";
import { createShareLink, listShareLinks, toApiShareLink } from "@/lib/sharing/links";
import * as sharingApi from "@/lib/api/endpoints/sharing";

// A write key only: a link opens the transcript to anyone who has it.

/** The transcript's links (its owner's, or a workspace admin's), each with its address to copy again. */
export const GET = route(sharingApi.listShareLinks, { auth: "user", apiKey: "write" }, async ({ user, params, within }) => ({
  links: (await listShareLinks(db(), user.id, params.id, within)).map((link) => toApiShareLink(link, env().APP_URL)),
}));

/** A new read-only link to the finished transcript. */
export const POST = route(sharingApi.createShareLink, { auth: "user", apiKey: "write" }, async ({ user, params, body, within }) =>
  toApiShareLink(await createShareLink(db(), user.id, params.id, body, within), env().APP_URL),
);
