import { statusLabel } from "./status-label";

const now = new Date("2026-11-21T12:00:00Z");

describe("statusLabel", () => {
  it("shows the days left of a trial, rounded up", () => {
    expect(statusLabel("trialing", new Date("2026-12-05T12:00:00Z"), now)).toBe("Trial (14d left)");
    expect(statusLabel("trialing", new Date("2026-11-21T13:00:00Z"), now)).toBe("Trial (1d left)");
    expect(statusLabel("trialing", new Date("2026-11-20T12:00:00Z"), now)).toBe("Trial (0d left)");
  });
  it("names the other statuses", () => {
    expect(statusLabel("active", null, now)).toBe("Active");
    expect(statusLabel("past_due", null, now)).toBe("Past due");
    expect(statusLabel("unpaid", null, now)).toBe("Unpaid");
    expect(statusLabel("canceled", null, now)).toBe("Canceled");
  });
});
