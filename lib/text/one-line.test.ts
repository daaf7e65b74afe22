import { oneLine } from "./one-line";

describe("oneLine", () => {
  it.each([
    ["a plain title", "Weekly meeting", "Weekly meeting"],
    ["letters of any script", "José 李小龙 مرحبا", "José 李小龙 مرحبا"],
    ["CR/LF and tabs, which become one space", "Line one\r\nLine two\tand\u2028three\u2029four\u0085five", "Line one Line two and three four five"],
    ["a right-to-left override", "invoice\u202Egpj.exe", "invoicegpj.exe"],
    ["every bidirectional control", "a\u200Eb\u200Fc\u061Cd\u202Ae\u202Bf\u202Cg\u202Dh\u2066i\u2067j\u2068k\u2069l", "abcdefghijkl"],
    ["C0 and C1 controls", "a\u0000b\u0007c\u001bd\u007fe\u0080f\u009fg", "abcdefg"],
    ["spaces at the ends", "  \u202E Title \n", "Title"],
    ["nothing but controls", "\u202E\u2066\r\n\t", ""],
  ])("%s", (_what, input, expected) => {
    expect(oneLine(input)).toBe(expected);
  });
});
