import { createHash, createHmac } from "node:crypto";
import { authSecret } from "@/lib/auth/secret";

/**
 * A share link's token: base64url(HMAC-SHA256(auth secret, "share-link:" + id)), 256 bits that
 * only this server can compute. It is never stored (only its SHA-256 is, to find the link), so a
 * copy of the database opens nothing, yet the owner can copy the link again at any time.
 * Changing the auth secret makes every link stop opening.
 */
export function shareToken(linkId: string, secret = authSecret()): string {
  return createHmac("sha256", secret).update(`share-link:${linkId}`).digest("base64url");
}

/** What the share_links row keeps of a token: its SHA-256, hex. */
export function tokenHash(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/** 32 bytes in base64url without padding: exactly 43 characters of that alphabet. */
const TOKEN_FORM = /^[A-Za-z0-9_-]{43}$/;

/** Whether a string could be a token at all; anything else is refused before the database is asked. */
export function isWellFormedToken(token: string): boolean {
  return TOKEN_FORM.test(token);
}

/** The public page's address for a token: in the fragment, which browsers never send to a server or in a Referer. */
export function sharedUrl(appUrl: string, token: string): string {
  return `${appUrl.replace(/\/+$/, "")}/shared#${token}`;
}
