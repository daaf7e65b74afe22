import { SETTING_DEFINITIONS, isSettingKey, parseSettingValue } from "./definitions";

describe("setting values", () => {
  it("parses each default", () => {
    for (const key of Object.keys(SETTING_DEFINITIONS)) {
      if (!isSettingKey(key)) throw new Error(key);
      expect(() => parseSettingValue(key, SETTING_DEFINITIONS[key].default)).not.toThrow();
    }
  });
  it("types values", () => {
    expect(parseSettingValue("max_upload_mb", " 250 ")).toBe(250);
    expect(parseSettingValue("signup_enabled", "FALSE")).toBe(false);
    expect(parseSettingValue("support_email", "help@verbatim.test")).toBe("help@verbatim.test");
  });
  it.each([
    ["max_upload_mb", "abc", "whole number"],
    ["max_upload_mb", "0", ""],
    ["trial_days", "3.5", "whole number"],
    ["signup_enabled", "yes", '"true" or "false"'],
    ["support_email", "not-an-email", "email"],
  ] as const)("refuses %s = %j with a readable reason", (key, raw, words) => {
    expect(() => parseSettingValue(key, raw)).toThrow(expect.objectContaining({ kind: "unprocessable", message: expect.stringMatching(new RegExp(`^${key}`)) }));
    expect(() => parseSettingValue(key, raw)).toThrow(words);
  });
});
