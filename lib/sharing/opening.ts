import { and, eq, gt, isNull, lt, or, sql } from "drizzle-orm";
import type { Database } from "@/lib/db/client";
import { shareLinks, transcriptions, workspaceMembers, type ShareLink, type Transcription } from "@/lib/db/schema";
import { DomainError } from "@/lib/errors/domain-error";
import { countMiss, refuseWhenGuessing } from "./lookup-limit";
import { isWellFormedToken, tokenHash } from "./tokens";

/** What every public answer says of a link that opens nothing, whatever the reason: it tells a guesser nothing. */
export const LINK_GONE = "This link has expired or was revoked.";

export interface OpenedLink {
  link: ShareLink;
  transcription: Transcription;
}

/**
 * Whoever made the link may still manage the transcript: its uploader while it is personal, an
 * owner or admin of its workspace. An admin who leaves (or is demoted) loses what they shared
 * with the rest of their access, at once, as an ex-member must.
 */
const creatorMayStillManage = or(
  and(isNull(transcriptions.workspaceId), eq(transcriptions.userId, shareLinks.createdBy)),
  sql`${transcriptions.workspaceId} in (select ${workspaceMembers.workspaceId} from ${workspaceMembers} where ${workspaceMembers.userId} = ${shareLinks.createdBy} and ${workspaceMembers.role} in ('owner', 'admin'))`,
);

/**
 * The link a token opens and its transcript: not revoked, not expired, the transcript finished
 * and not in Recently deleted. A token of the wrong form is refused before the database is
 * asked; a well-formed one that opens nothing counts against `client` (./lookup-limit.ts).
 */
export async function openShareLink(database: Database, token: string, client: string, now = new Date()): Promise<OpenedLink> {
  if (!isWellFormedToken(token)) throw new DomainError("not_found", LINK_GONE);
  await refuseWhenGuessing(database, client, now.getTime());
  const [row] = await database
    .select({ link: shareLinks, transcription: transcriptions })
    .from(shareLinks)
    .innerJoin(transcriptions, eq(transcriptions.id, shareLinks.transcriptionId))
    .where(
      and(
        eq(shareLinks.tokenHash, tokenHash(token)),
        isNull(shareLinks.revokedAt),
        or(isNull(shareLinks.expiresAt), gt(shareLinks.expiresAt, now)),
        isNull(transcriptions.deletedAt),
        eq(transcriptions.status, "done"),
        creatorMayStillManage,
      ),
    );
  if (!row) {
    await countMiss(database, client, now.getTime());
    throw new DomainError("not_found", LINK_GONE);
  }
  return row;
}

/** Notes that the link was opened, at most once a minute: a busy link costs no write per view. */
export async function markOpened(database: Database, linkId: string, now = new Date()): Promise<void> {
  await database
    .update(shareLinks)
    .set({ lastOpenedAt: now })
    .where(and(eq(shareLinks.id, linkId), or(isNull(shareLinks.lastOpenedAt), lt(shareLinks.lastOpenedAt, new Date(now.getTime() - 60_000)))));
}
