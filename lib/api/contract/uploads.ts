/**
 * Answers of /api/direct-uploads (uploads sent straight to the bucket), as the browser checks
 * them; the bodies the server validates are in ./uploads-input.ts.
 */
import * as z from "zod/mini";

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
