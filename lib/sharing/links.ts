import { randomUUID } from "node:crypto";
import { and, desc, eq, isNull } from "drizzle-orm";
import type { ShareLinkItem, CreateShareLinkBody } from "@/lib/api/contract/sharing";
import type { Database } from "@/lib/db/client";
import { shareLinks, transcriptions, type ShareLink, type Transcription } from "@/lib/db/schema";
import { DomainError } from "@/lib/errors/domain-error";
import { TRANSCRIPTION_NOT_FOUND } from "@/lib/transcription/queries";
import { mayManage } from "@/lib/access/roles";
import { readableBy, type Within } from "@/lib/access/visibility";
import { shareToken, sharedUrl, tokenHash } from "./tokens";

export const NOT_YOURS_TO_SHARE = "Only the transcript's owner or a workspace admin can share it.";
export const NOT_FINISHED = "Only a finished transcript can be shared.";
export const LINK_NOT_FOUND = "This share link does not exist.";

const DAY_MS = 86_400_000;

/**
 * The transcription, when the user may manage its links: a stranger (or a row in Recently
 * deleted) is told it does not exist, a reader who may not manage it is forbidden.
 */
async function manageable(database: Database, userId: string, transcriptionId: string, within?: Within): Promise<Transcription> {
  const [t] = await database.select().from(transcriptions).where(and(eq(transcriptions.id, transcriptionId), readableBy(userId, within)));
  if (!t) throw new DomainError("not_found", TRANSCRIPTION_NOT_FOUND);
  if (!(await mayManage(database, userId, t))) throw new DomainError("forbidden", NOT_YOURS_TO_SHARE);
  return t;
}

/** A new read-only link to a finished transcript; its token is never stored, only its hash. */
export async function createShareLink(
  database: Database,
  userId: string,
  transcriptionId: string,
  options: CreateShareLinkBody,
  within?: Within,
  now = new Date(),
): Promise<ShareLink> {
  const t = await manageable(database, userId, transcriptionId, within);
  if (t.status !== "done") throw new DomainError("conflict", NOT_FINISHED);
  const id = randomUUID();
  const [link] = await database
    .insert(shareLinks)
    .values({
      id,
      transcriptionId: t.id,
      createdBy: userId,
      tokenHash: tokenHash(shareToken(id)),
      allowExport: options.allow_export,
      showSpeakers: options.show_speakers,
      expiresAt: options.expires_in_days === null ? null : new Date(now.getTime() + options.expires_in_days * DAY_MS),
    })
    .returning();
  return link;
}

/** The transcript's links that were not revoked (expired ones too, so the owner sees why one stopped), newest first. */
export async function listShareLinks(database: Database, userId: string, transcriptionId: string, within?: Within): Promise<ShareLink[]> {
  const t = await manageable(database, userId, transcriptionId, within);
  return database
    .select()
    .from(shareLinks)
    .where(and(eq(shareLinks.transcriptionId, t.id), isNull(shareLinks.revokedAt)))
    .orderBy(desc(shareLinks.createdAt), desc(shareLinks.id));
}

/** Revokes a link at once: its next opening finds nothing. Revoking it again is `not_found`. */
export async function revokeShareLink(database: Database, userId: string, linkId: string, within?: Within, now = new Date()): Promise<void> {
  const [row] = await database
    .select({ transcription: transcriptions })
    .from(shareLinks)
    .innerJoin(transcriptions, eq(transcriptions.id, shareLinks.transcriptionId))
    .where(and(eq(shareLinks.id, linkId), isNull(shareLinks.revokedAt), readableBy(userId, within)));
  if (!row) throw new DomainError("not_found", LINK_NOT_FOUND);
  if (!(await mayManage(database, userId, row.transcription))) throw new DomainError("forbidden", NOT_YOURS_TO_SHARE);
  await database.update(shareLinks).set({ revokedAt: now }).where(and(eq(shareLinks.id, linkId), isNull(shareLinks.revokedAt)));
}

/** A link as its owner lists it, with its address (the token recomputed). */
export function toApiShareLink(link: ShareLink, appUrl: string, now = new Date()): ShareLinkItem {
  return {
    id: link.id,
    url: sharedUrl(appUrl, shareToken(link.id)),
    allow_export: link.allowExport,
    show_speakers: link.showSpeakers,
    expires_at: link.expiresAt?.toISOString() ?? null,
    expired: link.expiresAt !== null && link.expiresAt <= now,
    last_opened_at: link.lastOpenedAt?.toISOString() ?? null,
    created_at: link.createdAt.toISOString(),
  };
}
