/** Bodies of /api/direct-uploads, validated by the server with these sentences. */
import { z } from "zod";
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
  size: z.number({ error: "Send the file's size in bytes." }).int("Send the file's size in bytes.").min(0, "Send the file's size in bytes."),
  content_type: z.string().max(200, "The file type must be 200 characters or fewer.").default(""),
  language: z.string().max(20, "Language codes are at most 20 characters.").nullable().default(null),
  source: UploadSource.default("upload"),
  first_seconds: z.number({ error: "The part to transcribe must be a number of seconds." }).nullable().default(null),
  speakers: z.number({ error: "The number of speakers must be a number." }).nullable().default(null),
});

export const SignParts = z.object({
  numbers: z
    .array(z.number().int("Part numbers are whole numbers."), { error: "Send the numbers of the parts to sign." })
    .min(1, "Send the numbers of the parts to sign.")
    .max(MAX_SIGNED_PER_REQUEST, `Ask for at most ${MAX_SIGNED_PER_REQUEST} parts at a time.`),
});

export const PartReceipt = z.object({
  etag: z.string({ error: "Send the ETag the storage answered for this part." }).max(200, "Send the ETag the storage answered for this part."),
});
