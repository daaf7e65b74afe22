import { glossaryOf, promptFor } from "./vocabulary-prompt";

const terms = (...names: string[]) => names.map((term) => ({ term, sounds_like: [] }));

describe("the prompt a vocabulary gives whisper and OpenAI-compatible engines", () => {
  it("puts the glossary first and the text before the piece last, where whisper keeps it", () => {
    expect(promptFor(terms("Dashwood", "Kubernetes"), "and so my fellow")).toBe("Dashwood, Kubernetes. and so my fellow");
    expect(promptFor(terms("Dashwood"), undefined)).toBe("Dashwood.");
    expect(promptFor([], "before")).toBe("before");
    expect(promptFor(undefined, undefined)).toBeUndefined();
  });

  it("keeps the glossary within about 100 tokens, whole terms only", () => {
    const many = terms(...Array.from({ length: 100 }, (_, i) => `Term${i}`));
    const glossary = glossaryOf(many);
    expect(glossary.length).toBeLessThanOrEqual(300);
    expect(glossary.startsWith("Term0, Term1,")).toBe(true);
    expect(glossary.endsWith(".")).toBe(true);
    expect(glossary.slice(0, -1).split(", ").every((t) => /^Term\d+$/.test(t))).toBe(true);
  });
});
