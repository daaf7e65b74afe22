import { CLIENT_HEADER, PEER_HEADER, clientAddress } from "./client-address";

const headers = (h: Record<string, string>) => new Headers(h);

describe("clientAddress", () => {
  it("is the TCP peer when no proxy is trusted, whatever X-Forwarded-For claims", () => {
    expect(clientAddress(headers({ [PEER_HEADER]: "203.0.113.7", "x-forwarded-for": "1.2.3.4" }), [])).toBe("203.0.113.7");
  });
  it("reads an IPv4 peer on a dual-stack socket as IPv4", () => {
    expect(clientAddress(headers({ [PEER_HEADER]: "::ffff:127.0.0.1" }), [])).toBe("127.0.0.1");
  });
  it("groups IPv6 peers by /64", () => {
    const a = clientAddress(headers({ [PEER_HEADER]: "2001:db8:1:2::5" }), []);
    const b = clientAddress(headers({ [PEER_HEADER]: "2001:db8:1:2:ffff::9" }), []);
    expect(a).toBe(b);
    expect(a).toBe("2001:db8:1:2::");
  });
  it("takes the right-most untrusted X-Forwarded-For entry behind a listed proxy", () => {
    const h = headers({ [PEER_HEADER]: "10.0.0.2", "x-forwarded-for": "6.6.6.6, 198.51.100.4, 10.0.0.3" });
    expect(clientAddress(h, ["10.0.0.0/8"])).toBe("198.51.100.4");
  });
  it("ignores X-Forwarded-For from a peer that is not a listed proxy", () => {
    const h = headers({ [PEER_HEADER]: "192.0.2.9", "x-forwarded-for": "6.6.6.6" });
    expect(clientAddress(h, ["10.0.0.0/8"])).toBe("192.0.2.9");
  });
  it("is 'unknown' for a request that did not come over a socket, or a forged client header", () => {
    expect(clientAddress(headers({ "x-forwarded-for": "6.6.6.6", [CLIENT_HEADER]: "6.6.6.6" }), [])).toBe("unknown");
  });
});
