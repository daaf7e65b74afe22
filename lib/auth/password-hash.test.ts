import { stat } from "node:fs/promises";
import { hashPassword, verifyPassword } from "./password-hash";

// Made by Better Auth 1.7.25's own hashPassword (better-auth/crypto) before this file existed.
const BETTER_AUTH_HASH =
  "fea0115c16ce2171f29e0e97fbad5d5b:4464a1573693e5bf28aa86e367727ed688e729324958947ecf4d3fb7874ee74d86c080a53be231b610ed9e242972de1609a43107fc96518c3fd1a1eed5650cb9";
const ITS_PASSWORD = "Correct-horse-7-battery";

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function took(work: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await work();
  return performance.now() - started;
}

describe("password hashes", () => {
  it("accepts a hash Better Auth made, and only with its password", async () => {
    await expect(verifyPassword({ hash: BETTER_AUTH_HASH, password: ITS_PASSWORD })).resolves.toBe(true);
    await expect(verifyPassword({ hash: BETTER_AUTH_HASH, password: `${ITS_PASSWORD}!` })).resolves.toBe(false);
  });

  it("makes hashes in Better Auth's format, each with a salt of its own", async () => {
    const [one, two] = await Promise.all([hashPassword(ITS_PASSWORD), hashPassword(ITS_PASSWORD)]);
    expect(one).toMatch(/^[0-9a-f]{32}:[0-9a-f]{128}$/);
    expect(one).not.toBe(two);
    await expect(verifyPassword({ hash: one, password: ITS_PASSWORD })).resolves.toBe(true);
  });

  it("treats a password written differently but equal under NFKC as the same, as Better Auth does", async () => {
    const hash = await hashPassword("Ｃafé-Ｌatte-2024");
    await expect(verifyPassword({ hash, password: "Cafe\u0301-Latte-2024" })).resolves.toBe(true);
  });

  it("refuses a stored value that is not a hash, as Better Auth does", async () => {
    await expect(verifyPassword({ hash: "not-a-hash", password: ITS_PASSWORD })).rejects.toThrow("Invalid password hash");
  });

  it("leaves libuv's thread pool to others while ten passwords are hashed at once", async () => {
    const finished: string[] = [];
    const hashes = Array.from({ length: 10 }, () => hashPassword(ITS_PASSWORD).then(() => finished.push("hash")));
    // A file's metadata, read in the same pool as the hashes run in.
    await stat(__filename).then(() => finished.push("file"));
    await Promise.all(hashes);
    expect(finished[0]).toBe("file");
  });

  it("costs as long for an unknown account (a hash) as for a known one (a check), so timing tells no accounts apart", async () => {
    const hashes: number[] = [];
    const checks: number[] = [];
    for (let i = 0; i < 5; i++) {
      hashes.push(await took(() => hashPassword(ITS_PASSWORD)));
      checks.push(await took(() => verifyPassword({ hash: BETTER_AUTH_HASH, password: "a wrong guess" })));
    }
    expect(median(hashes) / median(checks)).toBeGreaterThan(0.6);
    expect(median(hashes) / median(checks)).toBeLessThan(1.6);
  });
});
