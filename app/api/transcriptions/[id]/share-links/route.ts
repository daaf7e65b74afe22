import { ShareLinkItem, ShareLinkList, CreateShareLinkBody } from "@/lib/api/contract/sharing";
import { db } from "@/lib/db/client";
import { env } from "@/lib/env";
import { route } from "@/lib/http/route";
import { createShareLink, listShareLinks, toApiShareLink } from "@/lib/sharing/links";

// Session cookie only: an API key can neither make nor list share links.

/** The transcript's links (its owner's, or a workspace admin's), each with its address to copy again. */
export const GET = route({ auth: "user", answer: ShareLinkList }, async ({ user, params }) => ({
  links: (await listShareLinks(db(), user.id, params.id)).map((link) => toApiShareLink(link, env().APP_URL)),
}));

/** A new read-only link to the finished transcript. */
export const POST = route({ auth: "user", body: CreateShareLinkBody, status: 201, answer: ShareLinkItem }, async ({ user, params, body }) =>
  toApiShareLink(await createShareLink(db(), user.id, params.id, body), env().APP_URL),
);
