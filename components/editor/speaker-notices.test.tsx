/** @jest-environment jsdom */
import "@testing-library/jest-dom";
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import type { TranscriptSpeakers } from "@/lib/api/contract/speakers";
import { BASIC_DETECTOR_HINT, SpeakerNotices } from "./speaker-notices";

const NOTE = "Speakers could not be told apart (the speaker detector stopped with an error), so this transcript has no speaker labels.";
const speaker = (n: number, suggestion: string | null = null) => ({
  speaker: n,
  name: `Speaker ${n + 1}`,
  named: false,
  seconds: 12,
  suggestion: suggestion === null ? null : { profile_id: `p-${suggestion}`, name: suggestion },
});
const WITH_MAYA: TranscriptSpeakers = { diarizer: "sherpa-onnx", note: null, speakers: [speaker(0), speaker(1, "Maya")] };
const NAMES = ["Speaker 1", "Speaker 2"];

const renderNotices = (speakers: TranscriptSpeakers | null, props: Partial<Parameters<typeof SpeakerNotices>[0]> = {}) => {
  const onAccept = jest.fn();
  const onDismiss = jest.fn(async () => ({ ok: true as const, data: null }));
  const view = render(<SpeakerNotices speakers={speakers} names={NAMES} editable onAccept={onAccept} onDismiss={onDismiss} {...props} />);
  return { ...view, onAccept, onDismiss };
};

describe("the speaker notices above the transcript", () => {
  it("say why a transcript has no speakers, and nothing else", () => {
    renderNotices({ diarizer: null, note: NOTE, speakers: [] });
    expect(screen.getByTestId("speaker-notices")).toHaveTextContent(NOTE);
    expect(screen.queryByText(BASIC_DETECTOR_HINT)).toBeNull();
  });

  it("are honest about the basic detector", () => {
    renderNotices({ diarizer: "basic", note: null, speakers: [speaker(0), speaker(1)] });
    expect(screen.getByText("Speakers were told apart by a basic detector, which can mix up similar voices: check the labels.")).toBeInTheDocument();
  });

  it("show nothing for a speaker model without suggestions, or before the speakers are read", () => {
    const { container, rerender } = renderNotices({ diarizer: "sherpa-onnx", note: null, speakers: [speaker(0)] });
    expect(container).toBeEmptyDOMElement();
    rerender(<SpeakerNotices speakers={null} names={NAMES} editable onAccept={jest.fn()} onDismiss={jest.fn()} />);
    expect(container).toBeEmptyDOMElement();
  });

  it("offer a suggested name: yes renames the speaker, no turns it down", async () => {
    const { onAccept, onDismiss } = renderNotices(WITH_MAYA);
    expect(screen.getByRole("status")).toHaveTextContent("Speaker 2 sounds like Maya.");
    fireEvent.click(screen.getByRole("button", { name: "Yes, it's Maya" }));
    expect(onAccept).toHaveBeenCalledWith("Speaker 2", "Maya");
    fireEvent.click(screen.getByRole("button", { name: "No, Speaker 2 is not Maya" }));
    expect(onDismiss).toHaveBeenCalledWith(1);
    await waitFor(() => expect(screen.queryByRole("status")).toBeNull());
  });

  it("bring a suggestion back with the server's sentence when turning it down fails", async () => {
    const onDismiss = jest.fn(async () => ({ ok: false as const, status: 404, text: "This transcript has no such speaker.", body: { detail: "This transcript has no such speaker." } }));
    renderNotices(WITH_MAYA, { onDismiss });
    fireEvent.click(screen.getByRole("button", { name: "No, Speaker 2 is not Maya" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("This transcript has no such speaker.");
    expect(screen.getByRole("status")).toHaveTextContent("Speaker 2 sounds like Maya.");
  });

  it("drop a suggestion once the editor's names answer it, and offer none without editing", () => {
    const { rerender } = renderNotices(WITH_MAYA, { names: ["Speaker 1", "Maya"] });
    expect(screen.queryByRole("status")).toBeNull();
    rerender(<SpeakerNotices speakers={WITH_MAYA} names={["Speaker 1", "Speaker 2", "Maya"]} editable onAccept={jest.fn()} onDismiss={jest.fn()} />);
    expect(screen.queryByRole("status")).toBeNull();
    rerender(<SpeakerNotices speakers={WITH_MAYA} names={NAMES} editable={false} onAccept={jest.fn()} onDismiss={jest.fn()} />);
    expect(screen.queryByRole("status")).toBeNull();
  });
});
