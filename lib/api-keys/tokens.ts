import { createHash, randomBytes } from "node:crypto";

const TOKEN_PREFIX = "vbt_";
/** `vbt_` and 8 characters of the secret part: enough to tell keys apart, far too little to guess the rest. */
const SHOWN_CHARS = 12;
/** 32 random bytes in base64url: 43 characters. */
const WELL_FORMED = /^vbt_[A-Za-z0-9_-]{43}$/;

/** A new key's token: `vbt_` + 256 random bits; given to its owner once and never stored. */
export function newToken(): string {
  return TOKEN_PREFIX + randomBytes(32).toString("base64url");
}

/**
 * What is stored and looked up: SHA-256 of the token. A token holds 256 random bits, so a
 * plain hash is enough (no salt or slow hash: there is nothing to brute-force), and the
 * lookup by an indexed column reveals nothing through timing.
 */
export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

export function prefixOf(token: string): string {
  return token.slice(0, SHOWN_CHARS);
}

/** Whether a presented token can be one of ours at all (anything else is refused without a query). */
export function isWellFormed(token: string): boolean {
  return WELL_FORMED.test(token);
}
