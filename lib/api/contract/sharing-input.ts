/** Bodies of the share-link routes, validated by the server with these sentences. */
import { z } from "zod";
import { SHARE_LINK_EXPIRY_DAYS } from "./sharing";

const EXPIRY_SENTENCE = `Choose when the link expires: in ${SHARE_LINK_EXPIRY_DAYS.join(", ")} days, or null for never.`;

/** `POST /api/transcriptions/{id}/share-links`: the new link's options (each may be left out). */
export const CreateShareLinkBody = z.object({
  allow_export: z.boolean({ error: "allow_export must be true or false." }).default(true),
  show_speakers: z.boolean({ error: "show_speakers must be true or false." }).default(true),
  expires_in_days: z.literal(SHARE_LINK_EXPIRY_DAYS, { error: EXPIRY_SENTENCE }).nullable().default(null),
});
export type CreateShareLinkBody = z.infer<typeof CreateShareLinkBody>;
