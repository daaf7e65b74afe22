import { type ApiSegment, StyleInput } from "@/lib/api/contract/transcription";
import { applyStyle } from "./custom-style";
import { FormattingError } from "./llm-client";
import { normalizeMarkdown, stripFence } from "./markdown";
import { closeFakeLlms, completion, startFakeLlm, type SeenRequest } from "@/test/support/fake-llm";

afterEach(closeFakeLlms);

function seg(text: string, start_ms: number, speaker: string | null = null): ApiSegment {
  return { start_ms, end_ms: start_ms + 1000, text, words: null, confidence: null, speaker };
}

const STYLE = { name: "Minutes", instructions: "Meeting minutes with decisions and owners." };
const userPrompt = (r: SeenRequest) => r.body.messages?.find((m) => m.role === "user")?.content ?? "";

describe("StyleInput", () => {
  const messages = (input: unknown) => {
    const result = StyleInput.safeParse(input);
    return result.success ? [] : result.error.issues.map((i) => i.message);
  };

  it("trims and accepts a valid style", () => {
    expect(StyleInput.parse({ name: "  Minutes ", instructions: "\n Decisions and owners. " })).toEqual({ name: "Minutes", instructions: "Decisions and owners." });
    expect(messages({ name: "x".repeat(60), instructions: "y".repeat(2000) })).toEqual([]);
  });

  it("explains what is missing or too long", () => {
    expect(messages({ name: "   ", instructions: "" })).toEqual(["Give the style a name.", "Write the instructions for this style."]);
    expect(messages({})).toEqual(["Give the style a name.", "Write the instructions for this style."]);
    expect(messages({ name: "x".repeat(61), instructions: "y".repeat(2001) })).toEqual([
      "The style name must be 60 characters or fewer.",
      "The instructions must be 2000 characters or fewer.",
    ]);
    expect(messages({ name: ` ${"x".repeat(60)} `, instructions: "ok" })).toEqual([]);
  });
});

describe("applyStyle", () => {
  it("sends the instructions and the cleaned transcript, and returns the Markdown without its fence", async () => {
    const answer = "```markdown\n# Minutes\n\n## Decisions\n\n* Move the servers to the cheaper plan.\n\n## Owners\n\n1. **Bob**: servers, by Friday\n```";
    const api = startFakeLlm(() => ({ json: completion(answer) }));
    const segments = [seg("Um, we agreed to move the the servers.", 0, "Alice"), seg("i'll do it by friday", 1000, "Bob")];
    const markdown = await applyStyle(segments, STYLE, await api.config());

    expect(markdown).toBe("# Minutes\n\n## Decisions\n\n- Move the servers to the cheaper plan.\n\n## Owners\n\n- **Bob**: servers, by Friday");
    expect(api.seen).toHaveLength(1);
    const request = api.seen[0];
    expect(request.path).toBe("/v1/chat/completions");
    expect(request.authorization).toBe("Bearer sk-test-key");
    expect(request.body.model).toBe("test-model");
    expect(request.body.temperature).toBe(0.2);
    expect(request.body.response_format).toBeUndefined();
    expect(request.body.messages?.[0].content).toContain('only these elements');
    expect(userPrompt(request)).toBe(
      "Style: Minutes\nInstructions:\nMeeting minutes with decisions and owners.\n\n<transcript>\nAlice: We agreed to move the servers.\n\nBob: I'll do it by friday.\n</transcript>",
    );
  });

  it("styles a long transcript in parts and joins them in order", async () => {
    const segments = Array.from({ length: 6 }, (_, i) => seg(`Point ${i + 1} was discussed at some length by the whole team today.`, i * 10_000));
    const api = startFakeLlm((req) => {
      const points = [...userPrompt(req).matchAll(/Point (\d+)/g)].map((m) => m[1]);
      return { json: completion(points.map((p) => `- Point ${p}`).join("\n")) };
    });
    const markdown = await applyStyle(segments, STYLE, await api.config({ maxInputChars: 150 }));
    expect(api.seen.length).toBe(3);
    expect(userPrompt(api.seen[0])).toContain("this is part 1");
    expect(userPrompt(api.seen[0])).not.toContain("Do not repeat a document title");
    expect(userPrompt(api.seen[2])).toContain("comes in 3 parts; this is part 3");
    expect(markdown).toBe("- Point 1\n- Point 2\n\n- Point 3\n- Point 4\n\n- Point 5\n- Point 6");
  });

  it("treats an empty answer as unusable and passes on service failures", async () => {
    const empty = startFakeLlm(() => ({ json: completion("```markdown\n```") }));
    const error = await applyStyle([seg("Hello.", 0)], STYLE, await empty.config()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(FormattingError);
    expect((error as FormattingError).kind).toBe("provider_failed");

    const busy = startFakeLlm(() => ({ status: 503, raw: "overloaded" }));
    await expect(applyStyle([seg("Hello.", 0)], STYLE, await busy.config())).rejects.toMatchObject({ kind: "unavailable" });
  });

  it("makes no request for a transcript without text", async () => {
    const api = startFakeLlm(() => ({ json: completion("x") }));
    await expect(applyStyle([], STYLE, await api.config())).resolves.toBe("");
    expect(api.seen).toHaveLength(0);
  });
});

describe("Markdown clean-up of model answers", () => {
  it("strips a fence around the whole answer only", () => {
    expect(stripFence("```markdown\n# Title\n\nText\n```")).toBe("# Title\n\nText");
    expect(stripFence("```\nText\n```\n")).toBe("Text");
    expect(stripFence("Text with ``` inside")).toBe("Text with ``` inside");
  });

  it("keeps only headings up to ###, paragraphs, - bullets and bold", () => {
    const input = [
      "#### Deep heading ####",
      "Intro line one",
      "continues here.",
      "",
      "",
      "",
      "* star item",
      "  wrapped part",
      "+ plus item",
      "    - nested item",
      "2) numbered item",
      "> quoted text",
      "---",
      "__bold__ words",
      "<!-- hidden -->",
      "```",
      "code",
      "```",
    ].join("\n");
    expect(normalizeMarkdown(input)).toBe(
      "### Deep heading\n\nIntro line one continues here.\n\n- star item wrapped part\n- plus item\n- nested item\n- numbered item\n\nquoted text\n\n**bold** words\n\ncode",
    );
  });
});
