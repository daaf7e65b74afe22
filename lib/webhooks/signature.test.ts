import { createHmac } from "node:crypto";
import { newWebhookSecret, signatureHeader, verifyWebhookSignature } from "./signature";

describe("webhook signatures", () => {
  const secret = newWebhookSecret();
  const body = JSON.stringify({ id: "d1", type: "transcription.done" });
  const now = 1_800_000_000;

  it("makes secrets of whsec_ and 32 random bytes", () => {
    expect(secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    expect(newWebhookSecret()).not.toBe(secret);
  });

  it("signs `<t>.<body>` with HMAC-SHA256 under the secret, as a receiver recomputes it", () => {
    const header = signatureHeader(secret, body, now);
    const expected = createHmac("sha256", secret).update(`${now}.${body}`).digest("hex");
    expect(header).toBe(`t=${now},v1=${expected}`);
    expect(verifyWebhookSignature(secret, header, body, 300, now)).toBe(true);
    // Within the tolerance either side, and with a second v1 (secrets being rotated).
    expect(verifyWebhookSignature(secret, header, body, 300, now + 300)).toBe(true);
    expect(verifyWebhookSignature(secret, `t=${now},v1=${"0".repeat(64)},v1=${expected}`, body, 300, now)).toBe(true);
  });

  it("fails a tampered body, another secret, an expired or future timestamp and malformed headers", () => {
    const header = signatureHeader(secret, body, now);
    expect(verifyWebhookSignature(secret, header, body.replace("done", "failed"), 300, now)).toBe(false);
    expect(verifyWebhookSignature(newWebhookSecret(), header, body, 300, now)).toBe(false);
    expect(verifyWebhookSignature(secret, header, body, 300, now + 301)).toBe(false);
    expect(verifyWebhookSignature(secret, header, body, 300, now - 301)).toBe(false);
    // The timestamp is signed: moving it forward breaks the signature.
    expect(verifyWebhookSignature(secret, header.replace(`t=${now}`, `t=${now + 10}`), body, 300, now)).toBe(false);
    for (const bad of [null, undefined, "", "t=abc,v1=00", `v1=${"a".repeat(64)}`, `t=${now}`, `t=${now},v1=${"g".repeat(64)}`, `t=${now},v1=abc`, "garbage"]) {
      expect(verifyWebhookSignature(secret, bad, body, 300, now)).toBe(false);
    }
  });

  it("checks against the clock by default", () => {
    const fresh = signatureHeader(secret, body, Math.floor(Date.now() / 1000));
    expect(verifyWebhookSignature(secret, fresh, body)).toBe(true);
    expect(verifyWebhookSignature(secret, signatureHeader(secret, body, Math.floor(Date.now() / 1000) - 3600), body)).toBe(false);
  });
});
