import { DomainError } from "@/lib/errors/domain-error";
import { readBodyLimited } from "./limited-body";

export interface FormFileRules {
  /** largest body accepted, multipart envelope included */
  maxBytes: number;
  /** the sentence when the body is not multipart/form-data (415) */
  notMultipart: string;
  /** the sentence when the body is larger than `maxBytes` (413) */
  tooLarge: string;
}

/**
 * The file in `field` of a multipart/form-data body, or null when there is none (or the
 * form cannot be read). A body of another type is `unsupported_media`; one larger than
 * `maxBytes` is `too_large`, refused before it is parsed.
 */
export async function readFormFile(request: Request, field: string, rules: FormFileRules): Promise<File | null> {
  const contentType = request.headers.get("content-type") ?? "";
  if (!contentType.includes("multipart/form-data")) throw new DomainError("unsupported_media", rules.notMultipart);
  const body = await readBodyLimited(request, rules.maxBytes);
  if (!body) throw new DomainError("too_large", rules.tooLarge);
  const form = await new Response(body, { headers: { "content-type": contentType } }).formData().catch(() => null);
  const file = form?.get(field);
  return file instanceof File ? file : null;
}
