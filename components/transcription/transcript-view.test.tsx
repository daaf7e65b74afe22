/** @jest-environment jsdom */
import "@testing-library/jest-dom";
import { render, screen } from "@testing-library/react";
import type { ApiSegment, ApiTranscription, EditableSegment } from "@/lib/api/contract/transcription";
import type { EditorCapabilities } from "@/lib/editor/capabilities";
import { apiTranscription } from "@/test/support/api-fixtures";
import { FakeEventSource, installFakeEventSource } from "@/test/support/fake-event-source";
import { TranscriptView } from "./transcript-view";

const mockRefresh = jest.fn();
jest.mock("next/navigation", () => ({ useRouter: () => ({ refresh: mockRefresh }) }));
// The editor has its own tests: here it only shows which segments the view gave it.
jest.mock("@/components/editor/transcript-editor", () => ({ TranscriptEditor: (props: { segments: ApiSegment[] }) => mockEditor(props) }));
function mockEditor({ segments }: { segments: ApiSegment[] }) {
  return <div data-testid="transcript">{segments.map((s) => s.text).join(" ")}</div>;
}

const QUEUED = apiTranscription({
  title: "Board call",
  status: "queued",
  progress: 0,
  pieces_done: 0,
  pieces_total: 0,
  detected_language: null,
  duration_s: 11,
  original_filename: "call.wav",
  completed_at: null,
  version: 0,
});
const DONE: ApiTranscription = { ...QUEUED, status: "done", progress: 100, engine: "sphinx", completed_at: "2026-11-20T10:01:00Z" };
const SEGMENTS: EditableSegment[] = [{ id: "s-0", version: 0, start_ms: 0, end_ms: 3800, text: "and so my fellow americans", words: null, confidence: 0.8, speaker: null }];
const CAPABILITIES: EditorCapabilities = {
  planName: "Free",
  editing: true,
  viewer: false,
  exports: { txt: true, srt: true, vtt: true, docx: false, md: false, pdf: false },
  basicFormatting: "needs-plan",
  advancedFormatting: "needs-plan",
  customStyles: "needs-plan",
};
const NO_SPEECH = "No speech was recognised in this audio.";

function view(transcription: ApiTranscription, segments: EditableSegment[], canChange = true) {
  return (
    <TranscriptView transcription={transcription} segments={segments} format={{ formatted: null, run: null }} capabilities={CAPABILITIES} styles={[]} renderedAt="2026-11-20T10:00:30Z" canChange={canChange} />
  );
}

beforeEach(() => {
  installFakeEventSource();
  mockRefresh.mockReset();
});

test("a transcript that finishes while the page is open shows a loading state, never 'no speech', until its segments arrive", () => {
  const { rerender } = render(view(QUEUED, []));
  FakeEventSource.opened[0].deliver(DONE);

  expect(mockRefresh).toHaveBeenCalledTimes(1);
  expect(screen.getByRole("status")).toHaveTextContent("Loading the transcript…");
  expect(screen.queryByText(NO_SPEECH)).not.toBeInTheDocument();

  // The refreshed page brings the stored segments.
  rerender(view(DONE, SEGMENTS));
  expect(screen.getByTestId("transcript")).toHaveTextContent("and so my fellow americans");
  expect(screen.queryByText("Loading the transcript…")).not.toBeInTheDocument();
  expect(screen.queryByText(NO_SPEECH)).not.toBeInTheDocument();
});

test("'no speech' only when the server's finished transcript has no segments", () => {
  const { rerender } = render(view(QUEUED, []));
  FakeEventSource.opened[0].deliver(DONE);
  rerender(view(DONE, []));
  expect(screen.getByText(NO_SPEECH)).toBeInTheDocument();
  expect(screen.queryByText("Loading the transcript…")).not.toBeInTheDocument();
});

test("a finished transcript opened or reloaded shows its text at once and its language by name", () => {
  render(view({ ...DONE, detected_language: "de" }, SEGMENTS));
  expect(screen.getByTestId("transcript")).toHaveTextContent("and so my fellow americans");
  expect(screen.queryByText(NO_SPEECH)).not.toBeInTheDocument();
  expect(screen.getByText(/· German/)).toBeInTheDocument();
  expect(screen.queryByText(/· de\b/)).not.toBeInTheDocument();
});

test("Rename is offered to those who may change the transcription only", () => {
  const { rerender } = render(view(apiTranscription({ status: "queued" }), []));
  expect(screen.getByRole("button", { name: "Rename" })).toBeInTheDocument();
  rerender(view(apiTranscription({ status: "queued" }), [], false));
  expect(screen.queryByRole("button", { name: "Rename" })).toBeNull();
});
