import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";

/**
 * Webhook signatures, as Stripe signs its own: `Verbatim-Signature: t=<unix seconds>,v1=<hex>`,
 * where v1 is HMAC-SHA256 of `<t>.<raw body>` under the webhook's secret. The timestamp is
 * signed with the body, so a captured delivery cannot be replayed once the receiver's
 * tolerance has passed; each attempt is signed afresh.
 */

export const SIGNATURE_HEADER = "Verbatim-Signature";
const SECRET_PREFIX = "whsec_";

/** A new signing secret: `whsec_` and 32 random bytes (base64url). */
export function newWebhookSecret(): string {
  return `${SECRET_PREFIX}${randomBytes(32).toString("base64url")}`;
}

const hmacHex = (secret: string, timestamp: number, body: string) => createHmac("sha256", secret).update(`${timestamp}.${body}`).digest("hex");

/** The header's value for `body` sent at `timestamp` (unix seconds). */
export function signatureHeader(secret: string, body: string, timestamp: number): string {
  return `t=${timestamp},v1=${hmacHex(secret, timestamp, body)}`;
}

/**
 * Whether `header` signs `body` with `secret`, no more than `toleranceS` seconds from `now`
 * (unix seconds). Any v1 entry may match (a receiver sees two while secrets are rotated);
 * the comparison takes the same time whatever the bytes. What a receiver runs (docs/api.md, "Webhooks", shows it).
 */
export function verifyWebhookSignature(secret: string, header: string | null | undefined, body: string, toleranceS = 300, now = Math.floor(Date.now() / 1000)): boolean {
  if (!header) return false;
  let timestamp: number | null = null;
  const signatures: string[] = [];
  for (const part of header.split(",")) {
    const [key, value] = part.trim().split("=", 2);
    if (key === "t" && /^\d{1,12}$/.test(value ?? "")) timestamp = Number(value);
    else if (key === "v1" && /^[0-9a-f]{64}$/.test(value ?? "")) signatures.push(value);
  }
  if (timestamp === null || !signatures.length || Math.abs(now - timestamp) > toleranceS) return false;
  const expected = Buffer.from(hmacHex(secret, timestamp, body), "hex");
  return signatures.some((s) => timingSafeEqual(Buffer.from(s, "hex"), expected));
}
