import { db } from "@/lib/db/client";
import { env } from "@/lib/env";
import { route } from "@/lib/http/route";
import { createShareLink, listShareLinks, toApiShareLink } from "@/lib/sharing/links";
import * as sharingApi from "@/lib/api/endpoints/sharing";

// Session cookie only: an API key can neither make nor list share links.

/** The transcript's links (its owner's, or a workspace admin's), each with its address to copy again. */
export const GET = route(sharingApi.listShareLinks, { auth: "user" }, async ({ user, params }) => ({
  links: (await listShareLinks(db(), user.id, params.id)).map((link) => toApiShareLink(link, env().APP_URL)),
}));

/** A new read-only link to the finished transcript. */
export const POST = route(sharingApi.createShareLink, { auth: "user" }, async ({ user, params, body }) =>
  toApiShareLink(await createShareLink(db(), user.id, params.id, body), env().APP_URL),
);
