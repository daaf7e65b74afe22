import { randomBytes, scrypt, timingSafeEqual } from "node:crypto";

/**
 * Better Auth 1.7's password hashes, made and checked exactly as it makes them (scrypt with
 * N = 16384, r = 16, p = 1, a 64-byte key; stored as "salt:key" in hex, the salt's hex text
 * being scrypt's salt; the password NFKC-normalised), so every stored hash stays valid. Ours
 * always use node:crypto's scrypt, which runs in libuv's thread pool: Better Auth picks
 * between that and a pure-JS scrypt (@noble/hashes) by the "node" export condition, and the
 * built app's bundle gets the pure-JS one, which computes on the event loop: it yields every
 * 10 ms, but ten at once take their turns back to back, and ten sign-ins held the server's
 * event loop 345 ms.
 */
const N = 16384;
const R = 16;
const P = 1;
const KEY_BYTES = 64;
const SALT_BYTES = 16;

function derivedKey(password: string, salt: string): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password.normalize("NFKC"), salt, KEY_BYTES, { N, r: R, p: P, maxmem: 128 * N * R * 2 }, (error, key) => (error ? reject(error) : resolve(key)));
  });
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(SALT_BYTES).toString("hex");
  return `${salt}:${(await derivedKey(password, salt)).toString("hex")}`;
}

/** One scrypt, as long as hashPassword's: Better Auth hashes the password given for an unknown account, so both cost the same. */
export async function verifyPassword({ hash, password }: { hash: string; password: string }): Promise<boolean> {
  const [salt, key] = hash.split(":");
  // As Better Auth's own: a stored value that is no hash is an error, not a wrong password.
  if (!salt || !key) throw new Error("Invalid password hash");
  const expected = Buffer.from(key, "hex");
  const actual = await derivedKey(password, salt);
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}
