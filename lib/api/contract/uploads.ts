/**
 * /api/direct-uploads (uploads sent straight to the bucket): the answers the browser checks,
 * and the bodies the server validates with these sentences.
 */
import * as z from "zod/mini";
import { MAX_SIGNED_PER_REQUEST } from "./upload-parts";

/**
 * What an upload says it is, by any way in (a whole body's `?source=`, tus metadata, a direct
 * upload's body): anything else is refused rather than taken as an upload.
 */
export const UploadSource = z.enum(["upload", "recording"], { error: 'The source must be "upload" or "recording".' });

/** The most speakers one may name on upload, as TurboScribe and Happy Scribe offer. */
export const MAX_SPEAKERS = 10;

export const StartDirectUpload = z.object({
  filename: z.string({ error: "Send the file's name." }),
  size: z.number({ error: "Send the file's size in bytes." }).check(z.int("Send the file's size in bytes."), z.gte(0, "Send the file's size in bytes.")),
  content_type: z._default(z.string().check(z.maxLength(200, "The file type must be 200 characters or fewer.")), ""),
  language: z._default(z.nullable(z.string().check(z.maxLength(20, "Language codes are at most 20 characters."))), null),
  source: z._default(UploadSource, "upload"),
  first_seconds: z._default(z.nullable(z.number({ error: "The part to transcribe must be a number of seconds." })), null),
  speakers: z._default(z.nullable(z.number({ error: "The number of speakers must be a number." })), null),
  /** terms for this upload alone, besides its space's vocabulary */
  vocabulary: z._default(z.array(z.string({ error: "Each term is a text." }), { error: "Send the terms as a list of texts." }), []),
});

export const SignParts = z.object({
  numbers: z
    .array(z.number().check(z.int("Part numbers are whole numbers.")), { error: "Send the numbers of the parts to sign." })
    .check(z.minLength(1, "Send the numbers of the parts to sign."), z.maxLength(MAX_SIGNED_PER_REQUEST, `Ask for at most ${MAX_SIGNED_PER_REQUEST} parts at a time.`)),
});

export const PartReceipt = z.object({
  etag: z.string({ error: "Send the ETag the storage answered for this part." }).check(z.maxLength(200, "Send the ETag the storage answered for this part.")),
});

export const DirectUploadAnswer = z.object({
  id: z.string(),
  size: z.number(),
  part_bytes: z.number(),
  part_count: z.number(),
  /** the parts the bucket already holds whole (a resumed upload skips them) */
  parts: z.array(z.object({ number: z.number(), size: z.number() })),
});
export type DirectUploadAnswer = z.infer<typeof DirectUploadAnswer>;

export const PartAddresses = z.object({ urls: z.record(z.string(), z.string()) });
