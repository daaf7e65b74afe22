/** @jest-environment jsdom */
import "@testing-library/jest-dom";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { renderFresh } from "@/test/support/admin-fixtures";
import { apiTranscription, FULL_EDITOR_CAPABILITIES } from "@/test/support/api-fixtures";
import { installFakeEventSource } from "@/test/support/fake-event-source";
import { fakeFetch } from "@/test/support/fake-fetch";
import { TranscriptEditor } from "./transcript-editor";

// The editor reads only id, title and version of it.
const T = apiTranscription({ title: "Interview", version: 3 });
const segment = (i: number, speaker: string) => ({ id: `s-${i}`, version: 0, start_ms: i * 1000, end_ms: i * 1000 + 900, text: `Line ${i}.`, words: null, confidence: null, speaker });
const SEGMENTS = [segment(0, "Speaker 1"), segment(1, "Speaker 2"), segment(2, "Speaker 1"), segment(3, "Speaker 2")];
const detected = (second: string, suggestion: boolean) => ({
  diarizer: "sherpa-onnx",
  note: null,
  speakers: [
    { speaker: 0, name: "Speaker 1", named: false, seconds: 2, suggestion: null },
    { speaker: 1, name: second, named: second !== "Speaker 2", seconds: 2, suggestion: suggestion ? { profile_id: "p-maya", name: "Maya" } : null },
  ],
});

// jsdom lays nothing out: the rows' scrolling into view has nothing to do.
beforeEach(() => installFakeEventSource());

beforeAll(() => {
  Element.prototype.scrollIntoView = jest.fn();
  // jsdom has no matchMedia: a wide screen, where clicking into the text types.
  window.matchMedia = ((query: string) => ({ matches: false, media: query, addEventListener() {}, removeEventListener() {} })) as unknown as typeof window.matchMedia;
});

test("accepting a suggested name renames the speaker in every segment through the usual save, then offers to save the voice", async () => {
  let renamed = false;
  const { calls } = fakeFetch({
    "GET /api/transcriptions/t-1/speakers": () => ({ body: renamed ? detected("Maya", false) : detected("Speaker 2", true) }),
    "PATCH /api/transcriptions/t-1/segments": (call) => {
      renamed = true;
      const changes = (call.body as { changes: { position: number; speaker: string }[] }).changes;
      return { body: { version: 4, segments: changes.map((c) => ({ ...SEGMENTS[c.position], ...c })) } };
    },
  });
  renderFresh(<TranscriptEditor transcription={T} segments={SEGMENTS} format={{ formatted: null, run: null }} capabilities={FULL_EDITOR_CAPABILITIES} styles={[]} />);
  expect(await screen.findByText("Speaker 2 sounds like Maya.")).toBeInTheDocument();
  fireEvent.click(screen.getByRole("button", { name: "Yes, it's Maya" }));
  expect(screen.queryByText("Speaker 2 sounds like Maya.")).toBeNull();

  await waitFor(() => expect(calls.some((c) => c.method === "PATCH")).toBe(true), { timeout: 3000 });
  expect(calls.find((c) => c.method === "PATCH")!.body).toEqual({
    base_version: 3,
    changes: [{ position: 1, id: "s-1", version: 0, text: "Line 1.", speaker: "Maya" }, { position: 3, id: "s-3", version: 0, text: "Line 3.", speaker: "Maya" }],
  });
  // the save renamed the detected speaker on the server: the speakers are read again
  await waitFor(() => expect(calls.filter((c) => c.path === "/api/transcriptions/t-1/speakers")).toHaveLength(2));

  fireEvent.click(screen.getByRole("button", { name: "Speakers" }));
  expect(await screen.findByRole("button", { name: "Save as a voice profile: Maya" })).toBeInTheDocument();
});
