import { failure } from "@/test/support/llm-failure";
import type { ApiSegment } from "@/lib/api/contract/transcription";
import { formatAdvanced, validSections } from "./advanced";
import { closeFakeLlms, completion, refusedBaseUrl, startFakeLlm, type SeenRequest } from "@/test/support/fake-llm";

afterEach(closeFakeLlms);

function seg(text: string, start_ms: number, speaker: string | null = null): ApiSegment {
  return { start_ms, end_ms: start_ms + 1000, text, words: null, confidence: 0.9, speaker };
}

/** Four paragraphs: two speakers, then a long pause. */
const MEETING = [
  seg("Um, good morning everyone, let's look at the the budget.", 0, "Alice"),
  seg("We are, uh, 10% over on hosting.", 1000, "Alice"),
  seg("I can move the servers to the cheaper plan by Friday.", 2000, "Bob"),
  seg("Great, thanks Bob.", 3000, "Alice"),
  seg("next topic is hiring. we need a designer", 10_000, "Alice"),
];

const ANALYSIS = {
  summary: "The team reviewed the hosting budget, which is 10% over. Bob will move the servers.\n\nHiring was raised.",
  action_items: ["- Bob: move the servers to the cheaper plan by Friday", "**Alice**: post the designer job"],
  sections: [
    { heading: "## Budget", first_paragraph: 1 },
    { heading: "Hiring", first_paragraph: "4" },
  ],
};

const userPrompt = (r: SeenRequest) => r.body.messages?.find((m) => m.role === "user")?.content ?? "";


describe("formatAdvanced", () => {
  it("sends the numbered paragraphs in JSON mode and builds the Markdown around the untouched text", async () => {
    const api = startFakeLlm(() => ({ json: completion(JSON.stringify(ANALYSIS)) }));
    const markdown = await formatAdvanced(MEETING, await api.config());

    expect(api.seen).toHaveLength(1);
    const request = api.seen[0];
    expect(request.path).toBe("/v1/chat/completions");
    expect(request.authorization).toBe("Bearer sk-test-key");
    expect(request.body.model).toBe("test-model");
    expect(request.body.temperature).toBe(0.2);
    expect(request.body.response_format).toEqual({ type: "json_object" });
    expect(request.body.messages?.[0].role).toBe("system");
    expect(request.body.messages?.[0].content).toContain('"first_paragraph"');
    expect(userPrompt(request)).toBe(
      [
        "<transcript>",
        "[1] Alice: Good morning everyone, let's look at the budget. We are 10% over on hosting.",
        "[2] Bob: I can move the servers to the cheaper plan by Friday.",
        "[3] Alice: Great, thanks Bob.",
        "[4] Next topic is hiring. We need a designer.",
        "</transcript>",
      ].join("\n"),
    );

    expect(markdown).toBe(
      [
        "## Summary",
        "The team reviewed the hosting budget, which is 10% over. Bob will move the servers.",
        "Hiring was raised.",
        "## Action items",
        "- Bob: move the servers to the cheaper plan by Friday\n- Alice: post the designer job",
        "## Transcript",
        "### Budget",
        "**Alice:** Good morning everyone, let's look at the budget. We are 10% over on hosting.",
        "**Bob:** I can move the servers to the cheaper plan by Friday.",
        "**Alice:** Great, thanks Bob.",
        "### Hiring",
        "Next topic is hiring. We need a designer.",
      ].join("\n\n"),
    );
    await api.close();
  });

  it("leaves out the action items when there are none, and ignores out-of-range and non-increasing sections", async () => {
    const answer = {
      summary: "A short chat.",
      action_items: [],
      sections: [
        { heading: "Opening", first_paragraph: 0 },
        { heading: "Too far", first_paragraph: 9 },
        { heading: "Middle", first_paragraph: 3 },
        { heading: "Backwards", first_paragraph: 2 },
        { heading: "Same again", first_paragraph: 3 },
        { heading: "Half", first_paragraph: 3.5 },
        { heading: "", first_paragraph: 4 },
        { nope: true },
      ],
    };
    const api = startFakeLlm(() => ({ json: completion("```json\n" + JSON.stringify(answer) + "\n```") }));
    const markdown = await formatAdvanced(MEETING, await api.config());
    expect(markdown).toBe(
      [
        "## Summary",
        "A short chat.",
        "## Transcript",
        "### Opening",
        "**Alice:** Good morning everyone, let's look at the budget. We are 10% over on hosting.",
        "**Bob:** I can move the servers to the cheaper plan by Friday.",
        "### Middle",
        "**Alice:** Great, thanks Bob.",
        "Next topic is hiring. We need a designer.",
      ].join("\n\n"),
    );
    await api.close();
  });

  it("keeps the transcript without headings when the model gives no sections", async () => {
    const api = startFakeLlm(() => ({ json: completion(JSON.stringify({ summary: "Hi.", action_items: null })) }));
    await expect(formatAdvanced([seg("hello there", 0)], await api.config())).resolves.toBe("## Summary\n\nHi.\n\n## Transcript\n\nHello there.");
    await api.close();
  });

  it("makes no request for a transcript without text", async () => {
    const api = startFakeLlm(() => ({ json: completion("{}") }));
    await expect(formatAdvanced([seg("  ", 0), seg("um", 1000)], await api.config())).resolves.toBe("");
    expect(api.seen).toHaveLength(0);
    await api.close();
  });

  it("turns bad JSON and a wrong shape into a 502", async () => {
    for (const content of ["Sure! Here is a summary of the meeting.", "{}", JSON.stringify({ summary: 42 }), JSON.stringify({ summary: "x", sections: "all" })]) {
      const api = startFakeLlm(() => ({ json: completion(content) }));
      const error = await failure(formatAdvanced(MEETING, await api.config()));
      expect([error.kind, error.message]).toEqual(["provider_failed", "The formatting service returned an unusable answer. Try again."]);
      await api.close();
    }
  });

  it("passes on the service's failures: 401 → 502, 429/500 → 503, no answer → 504, refused → 503", async () => {
    const cases = [
      [401, "provider_failed", "AI formatting is not working on this server right now. Try again later."],
      [429, "unavailable", "The formatting service is busy. Try again in a minute."],
      [500, "unavailable", "The formatting service is busy. Try again in a minute."],
    ] as const;
    for (const [upstream, kind, message] of cases) {
      const api = startFakeLlm(() => ({ status: upstream, json: { error: { message: "nope" } } }));
      const error = await failure(formatAdvanced(MEETING, await api.config()));
      expect([error.kind, error.message]).toEqual([kind, message]);
      await api.close();
    }

    const silent = startFakeLlm(() => "hang");
    const timeout = await failure(formatAdvanced(MEETING, await silent.config({ timeoutMs: 150 })));
    expect([timeout.kind, timeout.message]).toEqual(["provider_timeout", "The formatting service did not answer. Try again in a minute."]);
    await silent.close();

    const refused = await failure(formatAdvanced(MEETING, { baseUrl: await refusedBaseUrl(), apiKey: "", model: "m", timeoutMs: 5000, maxInputChars: 60_000 }));
    expect([refused.kind, refused.message]).toEqual(["unavailable", "The formatting service did not answer. Try again in a minute."]);
  });

  it("sends a long transcript in parts, merges their summaries, and keeps every paragraph", async () => {
    // 12 paragraphs of about 100 characters, separated by long pauses; a budget of ~4 paragraphs per request.
    const segments = Array.from({ length: 12 }, (_, i) =>
      seg(`Paragraph number ${i + 1} talks about item ${i + 1} in some detail, with enough words to take space.`, i * 10_000),
    );
    const api = startFakeLlm((req) => {
      const prompt = userPrompt(req);
      if (req.body.messages?.[0].content.includes("consecutive parts")) {
        return { json: completion(JSON.stringify({ summary: "Twelve items were discussed.", action_items: ["Follow up on item 1", "Follow up on item 9"] })) };
      }
      const numbers = [...prompt.matchAll(/^\[(\d+)\]/gm)].map((m) => Number(m[1]));
      const first = numbers[0];
      return {
        json: completion(
          JSON.stringify({
            summary: `Items ${first} to ${numbers.at(-1)}.`,
            action_items: [`Follow up on item ${first}`],
            // A heading for the part's first paragraph and one out of its range, which is ignored.
            sections: [
              { heading: `Items from ${first}`, first_paragraph: first },
              { heading: "Outside", first_paragraph: 100 },
            ],
          }),
        ),
      };
    });
    const markdown = await formatAdvanced(segments, await api.config({ maxInputChars: 450 }));

    const analysisCalls = api.seen.filter((r) => !r.body.messages?.[0].content.includes("consecutive parts"));
    expect(analysisCalls.length).toBeGreaterThan(1);
    expect(api.seen).toHaveLength(analysisCalls.length + 1);
    for (const call of api.seen) {
      expect(call.body.response_format).toEqual({ type: "json_object" });
      expect(userPrompt(call).length).toBeLessThan(1200);
    }
    // Every paragraph is sent exactly once, in order, with its global number.
    const sent = analysisCalls.flatMap((r) => [...userPrompt(r).matchAll(/^\[(\d+)\]/gm)].map((m) => Number(m[1])));
    expect(sent).toEqual(Array.from({ length: 12 }, (_, i) => i + 1));
    expect(userPrompt(analysisCalls[1])).toContain(`part 2 of ${analysisCalls.length}`);
    // The final request sees every part's summary.
    const combine = userPrompt(api.seen.at(-1) as SeenRequest);
    for (const r of analysisCalls) {
      const first = /^\[(\d+)\]/m.exec(userPrompt(r))?.[1];
      expect(combine).toContain(`Items ${first} to`);
    }

    expect(markdown.startsWith("## Summary\n\nTwelve items were discussed.\n\n## Action items\n\n- Follow up on item 1\n- Follow up on item 9\n\n## Transcript\n\n")).toBe(true);
    for (let i = 1; i <= 12; i++) {
      expect(markdown).toContain(`\n\nParagraph number ${i} talks about item ${i} in some detail, with enough words to take space.`);
    }
    const headings = [...markdown.matchAll(/^### (.*)$/gm)].map((m) => m[1]);
    expect(headings).toEqual(analysisCalls.map((r) => `Items from ${/^\[(\d+)\]/m.exec(userPrompt(r))?.[1]}`));
    expect(markdown).not.toContain("Outside");
    await api.close();
  });

  it("merges part summaries in groups when even they don't fit in one request", async () => {
    const segments = Array.from({ length: 8 }, (_, i) => seg(`Paragraph ${i + 1} is about topic ${i + 1} and has a few words to fill the line.`, i * 10_000));
    const isCombine = (r: SeenRequest) => Boolean(r.body.messages?.[0].content.includes("consecutive parts"));
    const api = startFakeLlm((req) => {
      const prompt = userPrompt(req);
      if (isCombine(req)) {
        const ranges = [...prompt.matchAll(/^Part: paragraphs (\d+) to (\d+)$/gm)];
        return { json: completion(JSON.stringify({ summary: `Merged ${ranges[0][1]}-${ranges.at(-1)?.[2]}.`, action_items: [] })) };
      }
      const numbers = [...prompt.matchAll(/^\[(\d+)\]/gm)].map((m) => m[1]);
      return { json: completion(JSON.stringify({ summary: `Part ${numbers[0]}-${numbers.at(-1)} went well.`, action_items: [], sections: [] })) };
    });
    const markdown = await formatAdvanced(segments, await api.config({ maxInputChars: 160 }));
    const combines = api.seen.filter(isCombine);
    expect(api.seen.length - combines.length).toBe(4); // two paragraphs per part
    expect(combines.length).toBeGreaterThan(1);
    const final = userPrompt(combines.at(-1) as SeenRequest);
    expect(final).toContain("Part: paragraphs 1 to 4\nSummary: Merged 1-4.");
    expect(final).toContain("Part: paragraphs 5 to 8\nSummary: Merged 5-8.");
    expect(markdown.startsWith("## Summary\n\nMerged 1-8.\n\n## Transcript\n\nParagraph 1 is about")).toBe(true);
    expect(markdown.split("\n\n")).toHaveLength(3 + 8);
    await api.close();
  });
});

describe("validSections", () => {
  it("clamps a first section below the range and drops the rest", () => {
    const raw = [
      { heading: "A", first_paragraph: -3 },
      { heading: "B", first_paragraph: 12 },
      { heading: "C", first_paragraph: 11 },
      { heading: "D", first_paragraph: 15 },
      { heading: "E", first_paragraph: 21 },
    ];
    expect(validSections(raw, 10, 20)).toEqual([
      { heading: "A", first: 10 },
      { heading: "B", first: 12 },
      { heading: "D", first: 15 },
    ]);
  });
});
