/** @jest-environment jsdom */
import { renderHook } from "@testing-library/react";
import type { ApiTranscription } from "@/lib/api/contract/transcription";
import { useLiveTranscriptions } from "./use-live-transcriptions";

/** A stand-in for the browser's EventSource: the test delivers the messages. */
class FakeEventSource {
  static opened: FakeEventSource[] = [];
  onmessage: ((event: MessageEvent) => void) | null = null;
  closed = false;
  constructor(readonly url: string) {
    FakeEventSource.opened.push(this);
  }
  deliver(data: string) {
    this.onmessage?.(new MessageEvent("message", { data }));
  }
  close() {
    this.closed = true;
  }
}

const transcription: ApiTranscription = {
  id: "t1",
  title: "Interview",
  status: "processing",
  progress: 40,
  pieces_done: 2,
  pieces_total: 5,
  language: null,
  detected_language: "en",
  engine: "sphinx",
  duration_s: 60,
  source: "upload",
  original_filename: "interview.wav",
  size_bytes: 1000,
  error: null,
  created_at: "2026-01-01T00:00:00.000Z",
  updated_at: "2026-01-01T00:00:10.000Z",
  completed_at: null,
  version: 0,
  workspace_id: null,
  folder_id: null,
  uploader_id: "u1",
};

beforeEach(() => {
  FakeEventSource.opened = [];
  Object.defineProperty(window, "EventSource", { configurable: true, writable: true, value: FakeEventSource });
});

describe("useLiveTranscriptions", () => {
  it("passes on each event that fits the contract, and ignores one that does not (no throw)", () => {
    const onChange = jest.fn();
    const { unmount } = renderHook(() => useLiveTranscriptions(onChange, "2026-01-01T00:00:00.000Z"));
    const [source] = FakeEventSource.opened;
    expect(source.url).toBe("/api/transcriptions/events?since=2026-01-01T00%3A00%3A00.000Z");
    source.deliver(JSON.stringify(transcription));
    expect(() => source.deliver("{not json")).not.toThrow();
    source.deliver(JSON.stringify({ ...transcription, status: "exploded" }));
    source.deliver(JSON.stringify({ id: "t1", progress: 50 }));
    source.deliver(JSON.stringify({ ...transcription, status: "done", progress: 100 }));
    expect(onChange.mock.calls.map(([t]) => [t.status, t.progress])).toEqual([
      ["processing", 40],
      ["done", 100],
    ]);
    unmount();
    expect(source.closed).toBe(true);
  });

  it("opens no stream while disabled", () => {
    renderHook(() => useLiveTranscriptions(jest.fn(), "2026-01-01T00:00:00.000Z", false));
    expect(FakeEventSource.opened).toEqual([]);
  });
});
