import { randomBytes, scrypt, timingSafeEqual } from "node:crypto";
import os from "node:os";

/**
 * Better Auth 1.7's password hashes, made and checked exactly as it makes them (scrypt with
 * N = 16384, r = 16, p = 1, a 64-byte key; stored as "salt:key" in hex, the salt's hex text
 * being scrypt's salt; the password NFKC-normalised), so every stored hash stays valid, with
 * node:crypto's scrypt in libuv's thread pool as Better Auth does on Node — but never more at
 * once than HASHES_AT_ONCE. Better Auth starts one per sign-in or sign-up, so ten at once
 * took all four of the pool's threads (which also serve files and compression) and every
 * core (32 MB and ~100 ms of CPU each): others waited up to 345 ms.
 */
const N = 16384;
const R = 16;
const P = 1;
const KEY_BYTES = 64;
const SALT_BYTES = 16;

/** A core, and at least half of libuv's pool of four threads, stay free for everyone else. */
const HASHES_AT_ONCE = Math.max(1, Math.min(2, os.availableParallelism() - 1));

let hashing = 0;
const waiting: Array<() => void> = [];

/** Runs `hash` when fewer than HASHES_AT_ONCE run, first come first served. */
async function inTurn<T>(hash: () => Promise<T>): Promise<T> {
  if (hashing >= HASHES_AT_ONCE) await new Promise<void>((resolve) => waiting.push(resolve));
  else hashing++;
  try {
    return await hash();
  } finally {
    // The slot passes straight to the next in line, so none can overtake it.
    const next = waiting.shift();
    if (next) next();
    else hashing--;
  }
}

function derivedKey(password: string, salt: string): Promise<Buffer> {
  return inTurn(
    () =>
      new Promise((resolve, reject) => {
        scrypt(password.normalize("NFKC"), salt, KEY_BYTES, { N, r: R, p: P, maxmem: 128 * N * R * 2 }, (error, key) => (error ? reject(error) : resolve(key)));
      }),
  );
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
