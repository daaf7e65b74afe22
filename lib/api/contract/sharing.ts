/**
 * The share-link routes: the owner's /api/transcriptions/{id}/share-links and
 * /api/share-links/{id}, and the public /api/shared/{token} a stranger's browser reads; their
 * answers and the body the server validates with these sentences (zod/mini: small in the
 * bundle of the public page).
 */
import * as z from "zod/mini";

/** How long a new link lasts, in days; null: until it is revoked. */
export const SHARE_LINK_EXPIRY_DAYS = [1, 7, 30, 90] as const;

/** A link as its owner lists it: `url` carries the token (recomputed, never stored), to copy again. */
export const ShareLinkItem = z.object({
  id: z.string(),
  url: z.string(),
  allow_export: z.boolean(),
  show_speakers: z.boolean(),
  /** null: never expires */
  expires_at: z.nullable(z.string()),
  /** past its expiry: it opens nothing any more (listed until revoked, so the owner sees why) */
  expired: z.boolean(),
  /** to the minute: null until a stranger first opens it */
  last_opened_at: z.nullable(z.string()),
  created_at: z.string(),
});
export type ShareLinkItem = z.infer<typeof ShareLinkItem>;

export const ShareLinkList = z.object({ links: z.array(ShareLinkItem) });

const EXPIRY_SENTENCE = `Choose when the link expires: in ${SHARE_LINK_EXPIRY_DAYS.join(", ")} days, or null for never.`;

/** `POST /api/transcriptions/{id}/share-links`: the new link's options (each may be left out). */
export const CreateShareLinkBody = z.object({
  allow_export: z._default(z.boolean({ error: "allow_export must be true or false." }), true),
  show_speakers: z._default(z.boolean({ error: "show_speakers must be true or false." }), true),
  expires_in_days: z._default(z.nullable(z.literal(SHARE_LINK_EXPIRY_DAYS, { error: EXPIRY_SENTENCE })), null),
});
export type CreateShareLinkBody = z.infer<typeof CreateShareLinkBody>;

const SharedWord = z.object({ word: z.string(), start_ms: z.number(), end_ms: z.number() });

/** A segment as a link shows it: `speaker` is left out altogether when the link hides speakers. */
const SharedSegment = z.object({
  start_ms: z.number(),
  end_ms: z.number(),
  text: z.string(),
  words: z.nullable(z.array(SharedWord)),
  speaker: z.optional(z.nullable(z.string())),
});

/**
 * `GET /api/shared/{token}`: the read-only transcript, and nothing else — no owner, workspace
 * or id of any row (the token names it; `/api/shared/{token}/audio` and `/export` serve the rest).
 */
export const SharedTranscript = z.object({
  title: z.string(),
  duration_s: z.number(),
  /** the language's name in English, null when unknown */
  language: z.nullable(z.string()),
  created_at: z.string(),
  segments: z.array(SharedSegment),
  /** the speakers' names in order of appearance; left out when the link hides speakers */
  speakers: z.optional(z.array(z.string())),
  allow_export: z.boolean(),
  /** the formats this link offers (lib/exports/formats: txt, md, pdf, docx, srt, vtt; the transcript owner's plan decides); empty when exports are off */
  export_formats: z.array(z.string()),
});
export type SharedTranscript = z.infer<typeof SharedTranscript>;
