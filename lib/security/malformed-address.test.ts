import { malformedAddress } from "./malformed-address";

describe("malformedAddress", () => {
  it.each([
    ["http://x/api/transcriptions/%", "encoding"],
    ["http://x/api/transcriptions/%zz", "encoding"],
    ["http://x/api/transcriptions/a%00b", "nul"],
    ["http://x/api/transcriptions?q=a%00", "nul"],
    ["http://x/api/transcriptions?q=%", null],
    ["http://x/api/transcriptions/..%2f..%2fetc", null],
    ["http://x/api/transcriptions/abc?q=caf%C3%A9", null],
  ])("%s → %s", (url, expected) => {
    expect(malformedAddress(url)).toBe(expected);
  });
});
