import { SETTING_DEFINITIONS, isSettingKey, parseSettingValue } from "./definitions";

describe("setting values", () => {
  it("parses each default", () => {
    for (const key of Object.keys(SETTING_DEFINITIONS)) {
      if (!isSettingKey(key)) throw new Error(key);
      expect(parseSettingValue(key, SETTING_DEFINITIONS[key].default).ok).toBe(true);
    }
  });
  it("types values", () => {
    expect(parseSettingValue("max_upload_mb", " 250 ")).toEqual({ ok: true, value: 250 });
    expect(parseSettingValue("signup_enabled", "FALSE")).toEqual({ ok: true, value: false });
    expect(parseSettingValue("support_email", "help@verbatim.test")).toEqual({ ok: true, value: "help@verbatim.test" });
  });
  it.each([
    ["max_upload_mb", "abc", "whole number"],
    ["max_upload_mb", "0", ""],
    ["trial_days", "3.5", "whole number"],
    ["signup_enabled", "yes", '"true" or "false"'],
    ["support_email", "not-an-email", "email"],
  ] as const)("refuses %s = %j with a readable reason", (key, raw, words) => {
    const result = parseSettingValue(key, raw);
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.error.startsWith(key)).toBe(true);
      expect(result.error).toContain(words);
    }
  });
});
