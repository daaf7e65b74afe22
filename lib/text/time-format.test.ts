import { formatUsage } from "./time-format";

describe("formatUsage: the one way the dashboard and the account page say usage", () => {
  test.each([
    [0, "0 min"],
    [38, "1 min"],
    [38 * 60, "38 min"],
    [3 * 3600, "3 h"],
    [3 * 3600 + 5 * 60, "3 h 5 min"],
    [100 * 3600, "100 h"],
  ])("%i s → %s", (seconds, text) => {
    expect(formatUsage(seconds)).toBe(text);
  });
});
