/** @jest-environment jsdom */
import "@testing-library/jest-dom";
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import type { SharedTranscript } from "@/lib/api/contract/sharing";
import { fakeFetch } from "@/test/support/fake-fetch";
import { SharedTranscriptView } from "./shared-transcript";

const TOKEN = "A".repeat(21) + "_" + "b".repeat(21);

const TRANSCRIPT: SharedTranscript = {
  title: "Kick-off",
  duration_s: 4,
  language: "English",
  created_at: "2026-11-20T10:00:00Z",
  segments: [
    { start_ms: 0, end_ms: 1500, text: "Welcome everyone.", speaker: "Ann", words: [{ word: "Welcome", start_ms: 0, end_ms: 700 }, { word: "everyone.", start_ms: 700, end_ms: 1500 }] },
    { start_ms: 1500, end_ms: 3000, text: "Thanks.", speaker: "Bob", words: null },
  ],
  speakers: ["Ann", "Bob"],
  allow_export: true,
  export_formats: ["txt", "srt", "vtt"],
};

function openAt(hash: string) {
  window.history.replaceState(null, "", `/shared${hash}`);
  render(<SharedTranscriptView />);
}

beforeAll(() => {
  // jsdom lays nothing out; the rows scroll the one being said into view.
  Element.prototype.scrollIntoView = jest.fn();
});
afterEach(() => jest.restoreAllMocks());

describe("the shared transcript page", () => {
  it("loads the transcript the fragment's token names: title, speakers, words, the player on the link's audio, its formats", async () => {
    const { calls } = fakeFetch({ [`GET /api/shared/${TOKEN}`]: { body: TRANSCRIPT } });
    openAt(`#${TOKEN}`);
    expect(screen.getByTestId("shared-loading")).toHaveTextContent("Loading the transcript…");
    expect(await screen.findByTestId("shared-title")).toHaveTextContent("Kick-off");
    expect(calls.map((c) => c.path)).toEqual([`/api/shared/${TOKEN}`]);
    expect(screen.getByTestId("shared-speakers")).toHaveTextContent("Speakers: Ann, Bob");
    expect(screen.getAllByTestId("segment")[0]).toHaveTextContent("Ann:");
    expect(screen.getByTestId<HTMLAudioElement>("audio").getAttribute("src")).toBe(`/api/shared/${TOKEN}/audio`);
    expect(screen.getAllByRole("button", { name: /^Download as/ }).map((b) => b.textContent)).toEqual(["TXT", "SRT", "VTT"]);
    // Read-only: no text to type into, no speaker menu, no edit buttons.
    expect(screen.queryByRole("textbox")).toBeNull();
    expect(screen.queryByRole("combobox", { name: /Speaker of/ })).toBeNull();
    expect(screen.queryByRole("button", { name: /^Edit/ })).toBeNull();
  });

  it("a tap on a word moves the audio there", async () => {
    fakeFetch({ [`GET /api/shared/${TOKEN}`]: { body: TRANSCRIPT } });
    const play = jest.spyOn(HTMLMediaElement.prototype, "play").mockResolvedValue(undefined);
    openAt(`#${TOKEN}`);
    const word = (await screen.findByText("everyone.")) as HTMLElement;
    fireEvent.click(word);
    expect(screen.getByTestId<HTMLAudioElement>("audio").currentTime).toBeCloseTo(0.7);
    expect(play).toHaveBeenCalled();
  });

  it("without speakers or exports shows neither", async () => {
    // As the server sends it: no speaker fields at all.
    const hidden: SharedTranscript = {
      title: TRANSCRIPT.title,
      duration_s: TRANSCRIPT.duration_s,
      language: TRANSCRIPT.language,
      created_at: TRANSCRIPT.created_at,
      segments: TRANSCRIPT.segments.map((s) => ({ start_ms: s.start_ms, end_ms: s.end_ms, text: s.text, words: s.words })),
      allow_export: false,
      export_formats: [],
    };
    fakeFetch({ [`GET /api/shared/${TOKEN}`]: { body: hidden } });
    openAt(`#${TOKEN}`);
    await screen.findByTestId("shared-title");
    expect(screen.queryByTestId("shared-speakers")).toBeNull();
    expect(screen.queryByText(/Ann/)).toBeNull();
    expect(screen.queryByRole("group", { name: "Download" })).toBeNull();
  });

  it("says a link that opens nothing has expired or was revoked, and a missing token that the link is incomplete", async () => {
    fakeFetch({ [`GET /api/shared/${TOKEN}`]: { status: 404, body: { detail: "This link has expired or was revoked." } } });
    openAt(`#${TOKEN}`);
    expect(await screen.findByTestId("shared-failed")).toHaveTextContent("This link has expired or was revoked.");
  });

  it("asks nothing of the server without a token", async () => {
    const { calls } = fakeFetch({});
    openAt("");
    await waitFor(() => expect(screen.getByTestId("shared-failed")).toHaveTextContent("This link is incomplete."));
    expect(calls).toEqual([]);
  });
});
