import { streamStart } from "./status-stream";

describe("streamStart", () => {
  const now = Date.parse("2026-11-21T12:00:00Z");
  it("starts at the page's render time", () => {
    expect(streamStart("2026-11-21T11:59:30.000Z", now).toISOString()).toBe("2026-11-21T11:59:30.000Z");
  });
  it("looks back at most 10 minutes and never into the future", () => {
    expect(streamStart("2020-01-01T00:00:00Z", now).toISOString()).toBe("2026-11-21T11:50:00.000Z");
    expect(streamStart("2030-01-01T00:00:00Z", now).toISOString()).toBe("2026-11-21T12:00:00.000Z");
  });
  it("falls back to just now for a missing or bad value", () => {
    expect(streamStart(null, now).toISOString()).toBe("2026-11-21T11:59:58.000Z");
    expect(streamStart("yesterday-ish", now).toISOString()).toBe("2026-11-21T11:59:58.000Z");
  });
});
