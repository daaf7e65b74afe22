import { parseFormattedMarkdown } from "./markdown-blocks";

const plain = (text: string) => [{ text, bold: false }];

test("headings, paragraphs, bullet lists and bold runs", () => {
  expect(parseFormattedMarkdown("# One\n\nSome **bold** text\nwrapped.\n\n## Two\n\n- first\n- **second**\n\n#### Deep")).toEqual([
    { kind: "heading", level: 1, runs: plain("One") },
    { kind: "paragraph", runs: [{ text: "Some ", bold: false }, { text: "bold", bold: true }, { text: " text wrapped.", bold: false }] },
    { kind: "heading", level: 2, runs: plain("Two") },
    { kind: "listItem", depth: 0, marker: "•", runs: plain("first") },
    { kind: "listItem", depth: 0, marker: "•", runs: [{ text: "second", bold: true }] },
    { kind: "heading", level: 3, runs: plain("Deep") },
  ]);
});

test("numbered and nested lists; other markup keeps only its text", () => {
  expect(parseFormattedMarkdown("3. three\n4. four\n   - inner\n\nA [link](http://x) with *em*, `code` and <b>tags</b>.")).toEqual([
    { kind: "listItem", depth: 0, marker: "3.", runs: plain("three") },
    { kind: "listItem", depth: 0, marker: "4.", runs: plain("four") },
    { kind: "listItem", depth: 1, marker: "•", runs: plain("inner") },
    { kind: "paragraph", runs: plain("A link with em, code and <b>tags</b>.") },
  ]);
});
