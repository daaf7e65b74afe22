import { scrubProperties, scrubUrl } from "./sanitize";

describe("analytics scrubbing", () => {
  it("redacts secrets in URLs and keeps the rest", () => {
    expect(scrubUrl("https://app.test/reset-password?token=abc123&x=1")).toBe("https://app.test/reset-password?token=redacted&x=1");
    expect(scrubUrl("https://app.test/login?next=%2Faccount")).toBe("https://app.test/login?next=redacted");
    expect(scrubUrl("not a url")).toBe("not a url");
  });
  it("scrubs every URL property PostHog attaches", () => {
    const out = scrubProperties({ $current_url: "https://a.test/x?token=1", $referrer: "https://a.test/y?code=2", other: "?token=3" });
    expect(out).toEqual({ $current_url: "https://a.test/x?token=redacted", $referrer: "https://a.test/y?code=redacted", other: "?token=3" });
  });
});
